import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatCount, formatMonth, formatZmw } from '@/lib/format';
import type { HistoryResponse } from '@shared/api/history';
import { HISTORY_MESSAGES } from '@shared/api/history';
import { HistoryTable } from './history-table';
import { RecordChecks } from './record-checks';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** Across lenders, how many of the window's months the payroll deducted in full (the repayment record). */
function repaymentWords(repayment: HistoryResponse['repayment']): string {
  if (!repayment.reconciled) return 'No payroll answer yet';
  return `${formatCount(repayment.in_full)} of ${formatCount(repayment.reconciled)} month${repayment.reconciled === 1 ? '' : 's'}`;
}

const REPAYMENT_WORDS = { in_full: 'deducted in full', short: 'short', not_applied: 'not deducted' } as const;

/** Each month of the window as the payroll deducted it, across lenders. */
function RepaymentMonths({ repayment }: { repayment: HistoryResponse['repayment'] }) {
  const months = repayment.months.filter((row) => row.repayment !== null);
  if (!months.length) return null;
  return (
    <Group gap="xs" aria-label="Repayment record by month" role="list">
      {months.map((row) => (
        <Badge key={row.month} role="listitem" variant="light" color={row.repayment === 'in_full' ? 'teal' : 'orange'} tt="none">
          {`${formatMonth(row.month)}: ${REPAYMENT_WORDS[row.repayment!]}`}
        </Badge>
      ))}
    </Group>
  );
}

/** The borrower, what they pay each month across lenders, and the items of the window. */
export function HistoryResult({ result }: { result: HistoryResponse }) {
  const window = result.from_month === result.to_month ? formatMonth(result.to_month) : `${formatMonth(result.from_month)} – ${formatMonth(result.to_month)}`;
  const lenders = `${result.active_lenders} lender${result.active_lenders === 1 ? '' : 's'}`;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="history-borrower" aria-live="polite">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h3" id="history-borrower" data-testid="history-name">
              {result.name ?? (result.items.length ? 'Name not on record' : 'No borrower found')}
            </Title>
            <Text c="dimmed" size="sm">
              NRC{' '}
              <Text span ff="monospace" c="dark">
                {result.nrc}
              </Text>{' '}
              · {window}
            </Text>
          </Stack>
        </Group>

        {result.items.length === 0 ? (
          <Text data-testid="history-empty">{HISTORY_MESSAGES.noRecords}</Text>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Figure label="Total monthly installment" value={formatZmw(result.total_monthly_installment)} testId="history-total" />
              <Figure label="Lenders deducting now" value={lenders} />
              <Figure label="Deducted in full" value={repaymentWords(result.repayment)} testId="history-repayment" />
            </SimpleGrid>
            <RepaymentMonths repayment={result.repayment} />
            <Text size="sm" c="dimmed">
              The total adds each lender’s latest deductions of the last 3 months when they are inputs still running (marked “in total”), each loan on its own.
              Stoppages, deductions that have ended and rows of rejected files are left out. Where the payroll has answered for a month, what it deducted
              counts.
            </Text>
            <HistoryTable items={result.items} caption={`Deductions for NRC ${result.nrc}, ${window}, newest first`} />
          </>
        )}
        {(result.items.length > 0 || result.record.identity.length > 0) && <RecordChecks record={result.record} />}
      </Stack>
    </Card>
  );
}
