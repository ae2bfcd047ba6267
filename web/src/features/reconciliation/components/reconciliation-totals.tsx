import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { formatCount, formatZmw, formatZmwChange } from '@/lib/format';
import type { ReconciliationResponse } from '@shared/api/reconciliation';

export const STATUS_LABELS = { APPLIED: 'Applied', SHORT: 'Short', NOT_APPLIED: 'Not applied', UNEXPECTED: 'Unexpected' } as const;
export const STATUS_COLORS = { APPLIED: 'green', SHORT: 'yellow', NOT_APPLIED: 'gray', UNEXPECTED: 'red' } as const;

function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" c={tone}>
        {value}
      </Text>
    </Paper>
  );
}

/** Expected, applied, their difference and the lines by status. */
export function ReconciliationTotals({ data }: { data: Pick<ReconciliationResponse, 'expected_total' | 'applied_total' | 'counts'> }) {
  const difference = Math.round((data.applied_total - data.expected_total) * 100) / 100;
  const counts = { APPLIED: data.counts.applied, SHORT: data.counts.short, NOT_APPLIED: data.counts.not_applied, UNEXPECTED: data.counts.unexpected };
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Figure label="Expected (schedule)" value={formatZmw(data.expected_total)} />
        <Figure label="Applied (payroll)" value={formatZmw(data.applied_total)} />
        <Figure label="Difference" value={formatZmwChange(difference)} tone={difference < 0 ? 'red.8' : undefined} />
      </SimpleGrid>
      <Group gap="xs" aria-label="Lines by status">
        {(Object.keys(counts) as (keyof typeof counts)[]).map((status) => (
          <Badge key={status} color={STATUS_COLORS[status]} variant="light" size="lg" style={{ textTransform: 'none' }}>
            {`${STATUS_LABELS[status]}: ${formatCount(counts[status])}`}
          </Badge>
        ))}
      </Group>
    </>
  );
}
