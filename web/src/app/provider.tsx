import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { NotificationsHost } from '@/components/ui/notifications-host';
import { SessionProvider } from '@/lib/auth';
import { createQueryClient } from '@/lib/react-query';
import { RuntimeConfigGate } from './runtime-config-gate';
import { cssVariablesResolver, theme } from './theme';

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
