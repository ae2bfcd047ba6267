import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorCard } from '@/components/ui/error-card';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { errorMessage } from '@/lib/errors';
import { useRuntimeConfig } from '@/lib/use-runtime-config';

/** Renders children only once /config.json is loaded (the staff app configures Amplify with it when Amplify loads); the staff app and the portal alike. */
export function RuntimeConfigGate({ children }: { children: ReactNode }) {
  const { state, retry } = useRuntimeConfig();

  if (state.status === 'loading') return <FullPageLoader label="Loading the platform…" />;
  if (state.status === 'failed') {
    return (
      <ErrorCard
        fullPage
        title="The platform could not start"
        message={`Its configuration could not be loaded. ${errorMessage(state.error)}`}
        actions={<Button onClick={retry}>Try again</Button>}
      />
    );
  }
  return <>{children}</>;
}
