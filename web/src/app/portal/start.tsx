import { type ReactNode, useEffect, useState } from 'react';
import { PlainAuthFrame, PlainButton, PlainLoader, PlainNotice } from '@/components/layouts/auth-frame-plain';
import { initialiseRuntime } from '@/lib/config';
import { errorMessage } from '@/lib/errors';

type ConfigState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; error: unknown };

/**
 * The portal's RuntimeConfigGate (../runtime-config-gate.tsx) without Mantine: children only once /config.json
 * is loaded, a calm wait before, the reason and "Try again" if it could not be.
 */
export function PortalStart({ children }: { children: ReactNode }) {
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

  if (state.status === 'loading') return <PlainLoader label="Loading the platform…" />;
  if (state.status === 'failed') {
    return (
      <PlainAuthFrame title="The platform could not start">
        <PlainNotice tone="problem">Its configuration could not be loaded. {errorMessage(state.error)}</PlainNotice>
        <PlainButton type="button" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </PlainButton>
      </PlainAuthFrame>
    );
  }
  return <>{children}</>;
}
