import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatMonth, formatZmw } from '@/lib/format';
import type { PortalUnexpected } from '@shared/api/unexpected';
import { useMyUnexpected, useReportUnexpected } from '../api/unexpected';

/**
 * Money the payroll took from the employee's pay with no approved deduction (UNEXPECTED in the month's
 * reconciliation): each with "Report it", one tap that opens a dispute marked "not approved". Shown only when
 * there is some; the text the employee got links here.
 */
export function UnexpectedDeductions() {
  const list = useMyUnexpected();
  const report = useReportUnexpected();
  const items = list.data?.items ?? [];
  if (!items.length) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="unexpected-heading" data-testid="unexpected-deductions">
      <Title order={2} size="h3" id="unexpected-heading">
        Taken without approval
      </Title>
      <Text size="sm">
        The payroll took this money from your pay, but no lender had an approved deduction for it. Report it and a reviewer will look into it.
      </Text>
      {report.data && (
        <Alert color="green" role="status">
          {report.data.message}
        </Alert>
      )}
      {report.error && (
        <Alert color="red" role="alert">
          {report.error.message}
        </Alert>
      )}
      {items.map((d) => (
        <UnexpectedCard key={d.id} d={d} busy={report.isPending && report.variables === d.id} onReport={() => report.mutate(d.id)} />
      ))}
    </Stack>
  );
}

function UnexpectedCard({ d, busy, onReport }: { d: PortalUnexpected; busy: boolean; onReport: () => void }) {
  const lender = d.org_name ?? d.payee_key;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`${lender}, ${formatMonth(d.month)}`} data-testid="unexpected-card">
      <Stack gap="xs">
        <Group justify="space-between" align="baseline" wrap="wrap">
          <Text fw={600}>{lender}</Text>
          <Text fw={700} size="lg">
            {formatZmw(d.amount)}
          </Text>
        </Group>
        <Text size="sm">{`Taken from your ${formatMonth(d.month)} pay without an approved deduction.`}</Text>
        {d.reason && <Text size="sm">{d.reason}</Text>}
        {d.dispute_id ? (
          <Text size="sm">
            You reported it.{' '}
            <Anchor component={Link} to="/employee/reports">
              Follow it under My reports
            </Anchor>
          </Text>
        ) : (
          <Button color="red" fullWidth loading={busy} onClick={onReport} aria-label={`Report it: ${lender}, ${formatMonth(d.month)}`}>
            Report it
          </Button>
        )}
      </Stack>
    </Card>
  );
}
