import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface MetricItem {
  label: string;
  value: string;
}

/** One card of figures, e.g. Submissions: YTD, Month, Today. */
export function MetricCard({ title, icon: CardIcon, items, footer }: { title: string; icon: Icon; items: readonly MetricItem[]; footer?: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={title}>
      <Stack gap="md" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            <CardIcon size={20} stroke={1.7} />
          </ThemeIcon>
          <Text fw={600}>{title}</Text>
        </Group>
        <SimpleGrid cols={items.length} spacing="xs">
          {items.map((item) => (
            <Stack key={item.label} gap={2}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
                {item.label}
              </Text>
              <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {item.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {footer && (
          <Text size="sm" c="dimmed" mt="auto">
            {footer}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
