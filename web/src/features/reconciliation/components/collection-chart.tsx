import { Box, Button, Card, Center, ColorSwatch, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconTable } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatMonth, formatRate } from '@/lib/format';
import type { CollectionRatesResponse } from '@shared/api/collection-rates';
import { useCollectionRates } from '../api/collection-rates';

const COLORS = ['blue', 'teal', 'grape', 'orange', 'red', 'indigo', 'lime', 'pink', 'cyan', 'yellow'].map((name) => `var(--mantine-color-${name}-7)`);
const WIDTH = 720;
const HEIGHT = 260;
const PAD = { left: 48, right: 16, top: 12, bottom: 32 };
const TICKS = [0, 25, 50, 75, 100];

type Lender = CollectionRatesResponse['lenders'][number];
const nameOf = (lender: Lender) => lender.org_name ?? lender.payee_key;
const colourOf = (index: number) => COLORS[index % COLORS.length]!;

/** Runs of consecutive months with a rate: a month without one breaks the line. */
function segments(points: readonly ({ x: number; y: number } | null)[]) {
  const runs: { x: number; y: number }[][] = [[]];
  for (const point of points) {
    if (point) runs.at(-1)!.push(point);
    else if (runs.at(-1)!.length) runs.push([]);
  }
  return runs.filter((run) => run.length);
}

function Chart({ data, titleId, descId }: { data: CollectionRatesResponse; titleId: string; descId: string }) {
  const step = (WIDTH - PAD.left - PAD.right) / Math.max(1, data.months.length - 1);
  const x = (index: number) => PAD.left + index * step;
  const y = (rate: number) => PAD.top + ((100 - rate) / 100) * (HEIGHT - PAD.top - PAD.bottom);
  const first = formatMonth(data.months[0], 'short');
  const last = formatMonth(data.months.at(-1), 'short');
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-labelledby={`${titleId} ${descId}`} style={{ display: 'block', maxHeight: 320 }}>
      <title id={titleId}>Collection rate per lender, {`${first} to ${last}`}</title>
      <desc id={descId}>
        {`A line for each of ${data.lenders.length} lenders: the share of what the schedule asked that the payroll applied, from 0% to 100%, month by month. ${data.reconciled.length} of the ${data.months.length} months were reconciled; a gap is a month without a rate. The table of values gives each figure.`}
      </desc>
      {TICKS.map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="var(--mantine-color-gray-3)" />
          <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="var(--mantine-color-gray-7)">
            {formatRate(tick)}
          </text>
        </g>
      ))}
      {data.months.map((month, index) => (
        <text key={month} x={x(index)} y={HEIGHT - 10} textAnchor="middle" fontSize={11} fill="var(--mantine-color-gray-7)">
          {formatMonth(month, 'name')}
        </text>
      ))}
      {data.lenders.map((lender, index) => {
        const points = lender.rates.map((rate, at) => (rate.rate === null ? null : { x: x(at), y: y(rate.rate) }));
        return (
          <g key={lender.payee_key} stroke={colourOf(index)} fill={colourOf(index)}>
            {segments(points).map((run) => (
              <polyline key={run[0]!.x} points={run.map((p) => `${p.x},${p.y}`).join(' ')} fill="none" strokeWidth={2} />
            ))}
            {points.map((p, at) => p && <circle key={at} cx={p.x} cy={p.y} r={3} />)}
          </g>
        );
      })}
    </svg>
  );
}

function RatesTable({ data }: { data: CollectionRatesResponse }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="Collection rate per lender and month">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lender</Table.Th>
            {data.months.map((month) => (
              <Table.Th key={month} ta="right">
                {formatMonth(month, 'short')}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.lenders.map((lender) => (
            <Table.Tr key={lender.payee_key}>
              <Table.Th scope="row" fw={400}>{`${nameOf(lender)} (${lender.payee_key})`}</Table.Th>
              {lender.rates.map((rate) => (
                <Table.Td key={rate.month} ta="right">
                  {formatRate(rate.rate)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Each lender's collection rate (applied / expected) over the 12 months ending with the month chosen, for those who see
 * every lender: a small SVG line chart described for screen readers, its legend, and the values as a table on demand.
 * Loaded on its own (React.lazy) so no screen's first bundle carries it.
 */
export default function CollectionChart({ month }: { month: string }) {
  const rates = useCollectionRates(month);
  const [showTable, setShowTable] = useState(false);
  const id = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`${id}-heading`} data-testid="collection-chart">
      <Stack gap="md">
        <Title order={2} size="h3" id={`${id}-heading`}>
          Collection rate over 12 months
        </Title>
        {rates.isPending ? (
          <Center py="md">
            <Loader aria-label="Loading the collection rates" />
          </Center>
        ) : rates.isError ? (
          <ErrorAlert error={rates.error} />
        ) : !rates.data.reconciled.length || !rates.data.lenders.length ? (
          <Text size="sm" c="dimmed" data-testid="collection-chart-empty">
            No applied deductions file was recorded in the 12 months to {formatMonth(month)}: the chart fills as months are reconciled.
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {`${formatMonth(rates.data.months[0])} to ${formatMonth(rates.data.months.at(-1))}: what the payroll applied against what the schedule asked, per lender (up to 100%).`}
            </Text>
            <Box>
              <Chart data={rates.data} titleId={`${id}-title`} descId={`${id}-desc`} />
            </Box>
            <Group gap="md" aria-label="Lenders in the chart" role="list">
              {rates.data.lenders.map((lender, index) => (
                <Group key={lender.payee_key} gap={6} role="listitem">
                  <ColorSwatch color={colourOf(index)} size={12} aria-hidden />
                  <Text size="sm">{nameOf(lender)}</Text>
                </Group>
              ))}
            </Group>
            <Group>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconTable size={14} aria-hidden />}
                aria-expanded={showTable}
                aria-controls={`${id}-table`}
                onClick={() => setShowTable((shown) => !shown)}
              >
                {showTable ? 'Hide the values' : 'Show the values as a table'}
              </Button>
            </Group>
            <Box id={`${id}-table`} hidden={!showTable}>
              <RatesTable data={rates.data} />
            </Box>
          </>
        )}
      </Stack>
    </Card>
  );
}
