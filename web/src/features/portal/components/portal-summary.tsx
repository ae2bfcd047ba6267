import { Anchor, Card, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatMonth, formatZmw } from '@/lib/format';
import { EMPLOYEE_DISPUTE_STATUS_LABELS, type PortalDeduction, type PortalDispute } from '@shared/api/portal';
import { shiftMonth } from '@shared/rules/dates';
import { useMandateOf, useMyDeductions, useMyDisputes } from '../api/portal';
import { ListState } from './portal-states';
import { TakenWithoutApprovalLine } from './taken-without-approval-line';

/** A decided report stays on the home page this long after its decision. */
const DECIDED_SHOWN_DAYS = 30;

const lender = (d: Pick<PortalDeduction, 'org_name' | 'payee_key'>) => d.org_name ?? `Lender ${d.payee_key}`;

/** What needs the employee's eye: a deduction new this month or last (said to be under their mandate if so), a report decided lately. */
function attentionOf(
  items: readonly PortalDeduction[],
  toMonth: string,
  disputes: readonly PortalDispute[],
  mandateOf: (d: PortalDeduction) => string | null,
  now = Date.now(),
) {
  const since = shiftMonth(toMonth, -1);
  const fresh = items.filter((d) => d.month >= since && d.signals.some((s) => s.type === 'NEW'));
  const decided = disputes.filter((d) => d.decision && now - Date.parse(d.decision.at) < DECIDED_SHOWN_DAYS * 86_400_000);
  return [
    ...fresh.map((d) => {
      const mandate = mandateOf(d);
      const then = mandate ? `, under your mandate ${mandate}.` : '. Not yours? Report it.';
      return {
        key: `new-${d.payee_key}-${d.month}`,
        to: '/employee/deductions',
        text: `New deduction: ${lender(d)} takes ${formatZmw(d.installment)} from ${formatMonth(d.month)}${then}`,
      };
    }),
    ...decided.map((d) => ({
      key: `decided-${d.id}`,
      to: '/employee/reports',
      text: `Your report on ${lender(d)}, ${formatMonth(d.month)}: ${EMPLOYEE_DISPUTE_STATUS_LABELS[d.status].toLowerCase()}.`,
    })),
  ];
}

/**
 * The portal's home, what matters first: what the employee pays this month, each lender's part of it,
 * then anything needing their eye, each with a link to the screen that tells more.
 */
export function PortalSummary() {
  const deductions = useMyDeductions();
  const disputes = useMyDisputes();
  const mandateOf = useMandateOf();
  const data = deductions.data;
  // The deductions the total adds up: each lender's latest that runs into this month.
  const thisMonth = data ? data.items.filter((d) => d.counted && d.state !== 'stopped') : [];
  const attention = data ? attentionOf(data.items, data.to_month, disputes.data?.items ?? [], mandateOf) : [];
  return (
    <Stack gap="md">
      <ListState query={deductions} empty={false} what="your deductions" />
      {data && (
        <Paper withBorder radius="md" p="md" bg="blue.0" data-testid="home-total" component="section" aria-labelledby="home-total-title">
          <Text size="sm" id="home-total-title">{`You pay in ${formatMonth(data.to_month)}`}</Text>
          <Text fw={700} size="xl">
            {formatZmw(data.total_this_month)}
          </Text>
          <TakenWithoutApprovalLine month={data.to_month} link />
          {thisMonth.length === 0 ? (
            <Text size="sm" mt={4}>
              No lender has an approved deduction from you this month.
            </Text>
          ) : (
            <Stack gap={6} mt="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="This month by lender" data-testid="home-lenders">
              {thisMonth.map((d) => (
                <li key={`${d.payee_key}-${d.month}`} data-testid="home-lender">
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
                    <Text size="sm" fw={600} miw={0} style={{ overflowWrap: 'anywhere' }}>
                      {lender(d)}
                    </Text>
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formatZmw(d.installment)}
                    </Text>
                  </Group>
                  {mandateOf(d) && <Text size="xs" c="dimmed">{`Under your mandate ${mandateOf(d)}`}</Text>}
                </li>
              ))}
            </Stack>
          )}
          <Anchor component={Link} to="/employee/deductions" size="sm" mt="xs" display="inline-block">
            See every deduction of the last 12 months
          </Anchor>
        </Paper>
      )}
      {data && (
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="home-attention-title" data-testid="home-attention">
          <Title order={2} size="h4" id="home-attention-title" mb="xs">
            Needs your eye
          </Title>
          {attention.length === 0 ? (
            <Text size="sm">Nothing new. We also text you when a lender uses your mandate or a report is decided.</Text>
          ) : (
            <List size="sm" spacing="xs">
              {attention.map((a) => (
                <List.Item key={a.key}>
                  <Anchor component={Link} to={a.to} size="sm">
                    {a.text}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          )}
        </Card>
      )}
    </Stack>
  );
}
