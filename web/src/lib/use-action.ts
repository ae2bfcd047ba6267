import { useCallback, useRef, useState } from 'react';

interface ActionOptions<I, O> {
  mutationFn: (input: I) => Promise<O>;
  onSuccess?: (output: O) => void;
  onError?: (error: unknown) => void;
}

/**
 * A one-shot call with its pending state and error, in the shape of TanStack Query's `useMutation` (mutate,
 * isPending, error), for a screen that must load without the query library: the employee portal's sign-in,
 * whose whole first load is held under 90 KB gzipped. Screens that cache answers use `useMutation`.
 */
export function useAction<I, O>({ mutationFn, onSuccess, onError }: ActionOptions<I, O>) {
  const [state, setState] = useState<{ isPending: boolean; error: unknown }>({ isPending: false, error: null });
  const latest = useRef({ mutationFn, onSuccess, onError });
  latest.current = { mutationFn, onSuccess, onError };
  const mutate = useCallback((input: I) => {
    setState({ isPending: true, error: null });
    latest.current.mutationFn(input).then(
      (output) => {
        setState({ isPending: false, error: null });
        latest.current.onSuccess?.(output);
      },
      (error: unknown) => {
        setState({ isPending: false, error });
        latest.current.onError?.(error);
      },
    );
  }, []);
  return { mutate, isPending: state.isPending, error: state.error as Error | null };
}
