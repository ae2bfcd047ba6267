import { Button } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { ErrorCard } from '@/components/ui/error-card';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { initialiseRuntime } from '@/lib/config';
import { errorMessage } from '@/lib/errors';

type ConfigState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; error: unknown };

/** Renders children only once /config.json is loaded (the staff app configures Amplify with it when Amplify loads); the staff app and the portal alike. */
export function RuntimeConfigGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ConfigState>({ status: 'loading' });
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

  if (state.status === 'loading') return <FullPageLoader label="Loading the platform…" />;
  if (state.status === 'failed') {
    return (
      <ErrorCard
        fullPage
        title="The platform could not start"
        message={`Its configuration could not be loaded. ${errorMessage(state.error)}`}
        actions={<Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>}
      />
    );
  }
  return <>{children}</>;
}
