import { Card, Center, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small centred card for a short-lived state. */
export function StatusCard({ children, loading = false }: { children: ReactNode; loading?: boolean }) {
  return (
    <Center mih="60dvh" p="md">
      <Card withBorder shadow="xs" padding="lg" miw={280} role="status" aria-live="polite" aria-busy={loading}>
        <Group gap="sm" justify="center" wrap="nowrap">
          {loading && <Loader size="sm" />}
          <Text>{children}</Text>
        </Group>
      </Card>
    </Center>
  );
}

/** Spec part 1 §2: shown while the session check runs. */
export function CheckingSession() {
  return <StatusCard loading>Checking session…</StatusCard>;
}
