import { Text } from '@mantine/core';

/** One labelled figure of the register screens: the current register's facts (plain) or a difference's counts (large). */
export function Figure({ label, value, testId, large = false }: { label: string; value: string; testId: string; large?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size={large ? 'lg' : 'sm'} fw={large ? 700 : 600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
