import { Center, Loader, Stack, Text } from '@mantine/core';

/** A calm whole-page wait, used while the app starts. */
export function FullPageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center mih="100dvh" role="status" aria-live="polite" bg="gray.0">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
