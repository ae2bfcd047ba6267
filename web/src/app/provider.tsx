import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { Button, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ErrorCard } from '@/components/ui/error-card';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { NotificationsHost } from '@/components/ui/notifications-host';
import { SessionProvider } from '@/lib/auth';
import { initialiseRuntime } from '@/lib/config';
import { errorMessage } from '@/lib/errors';
import { createQueryClient } from '@/lib/react-query';
import { cssVariablesResolver, theme } from './theme';

type ConfigState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; error: unknown };

/** Renders children only once /config.json is loaded (Amplify is configured with it when it loads). */
function RuntimeConfigGate({ children }: { children: ReactNode }) {
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

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>
        <RuntimeConfigGate>
          <SessionProvider>{children}</SessionProvider>
        </RuntimeConfigGate>
      </QueryClientProvider>
    </MantineProvider>
  );
}
