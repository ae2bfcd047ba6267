import { useEffect, useState } from 'react';
import { initialiseRuntime } from './config';

export type RuntimeConfigState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; error: unknown };

/**
 * /config.json loaded once per attempt (aborted when the screen goes), and `retry` for "Try again": the one
 * loading rule of the staff app's gate and the portal's Mantine-free start alike.
 */
export function useRuntimeConfig(): { state: RuntimeConfigState; retry: () => void } {
  const [state, setState] = useState<RuntimeConfigState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    initialiseRuntime(controller.signal).then(
      () => setState({ status: 'ready' }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
