import { useMutation } from '@tanstack/react-query';
import { useSession } from '@/lib/auth';
import type { SignInInput } from './sign-in-flow';

const loadSignInFlow = () => import('./sign-in-flow');

/** Starts loading Amplify's sign-in flows, e.g. once the person is filling the form in. */
export function preloadSignInFlow(): void {
  void loadSignInFlow().catch(() => undefined);
}

/** Signs in, then waits until the session context knows the user. */
export function useSignIn() {
  const { refresh } = useSession();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      const { signInWithEmail } = await loadSignInFlow();
      await signInWithEmail(input);
      await refresh();
    },
  });
}
