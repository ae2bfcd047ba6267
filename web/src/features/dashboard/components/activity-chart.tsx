import { Card, SimpleGrid } from '@mantine/core';
import { formatMonth } from '@/lib/format';
import type { SeriesPoint } from '@shared/api/dashboard';
import { BarChart, type ChartPoint } from './bar-chart';

/** The last 12 months of submissions and of rows ingested (inputs and stoppages stacked). */
export function ActivityChart({ series }: { series: readonly SeriesPoint[] }) {
  const points = (pick: (p: SeriesPoint) => Record<string, number>): ChartPoint[] =>
    series.map((p) => ({ label: formatMonth(p.month, 'name'), fullLabel: formatMonth(p.month, 'short'), values: pick(p) }));
  return (
    <Card withBorder padding="lg" radius="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <BarChart
          title="Submissions per month"
          points={points((p) => ({ submissions: p.submissions }))}
          series={[{ key: 'submissions', label: 'Submissions', color: 'var(--mantine-color-blue-6)' }]}
          emptyText="No submissions in the last 12 months"
        />
        <BarChart
          title="Borrower rows ingested per month"
          points={points((p) => ({ inputs: p.inputs_rows, stoppages: p.stoppages_rows }))}
          series={[
            { key: 'inputs', label: 'Inputs', color: 'var(--mantine-color-teal-6)' },
            { key: 'stoppages', label: 'Stoppages', color: 'var(--mantine-color-orange-5)' },
          ]}
          emptyText="No rows in the last 12 months"
        />
      </SimpleGrid>
    </Card>
  );
}
