import type { ReactNode } from 'react';
import { PlainAuthFrame, PlainButton, PlainLoader, PlainNotice } from '@/components/layouts/auth-frame-plain';
import { errorMessage } from '@/lib/errors';
import { useRuntimeConfig } from '@/lib/use-runtime-config';

/**
 * The portal's RuntimeConfigGate (../runtime-config-gate.tsx) without Mantine: children only once /config.json
 * is loaded, a calm wait before, the reason and "Try again" if it could not be.
 */
export function PortalStart({ children }: { children: ReactNode }) {
  const { state, retry } = useRuntimeConfig();

  if (state.status === 'loading') return <PlainLoader label="Loading the platform…" />;
  if (state.status === 'failed') {
    return (
      <PlainAuthFrame title="The platform could not start">
        <PlainNotice tone="problem">Its configuration could not be loaded. {errorMessage(state.error)}</PlainNotice>
        <PlainButton type="button" onClick={retry}>
          Try again
        </PlainButton>
      </PlainAuthFrame>
    );
  }
  return <>{children}</>;
}
