import { Badge, List, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatMonth, formatZmw } from '@/lib/format';
import { DEDUCTION_STATE_LABELS, EMPLOYEE_DISPUTE_STATUS_LABELS, type DeductionState, type PortalDeduction } from '@shared/api/portal';

const STATE_COLOURS: Record<DeductionState, string> = { submitted: 'blue', approved: 'teal', rejected: 'gray', stopped: 'gray' };

/** Where a deduction stands, in words and a colour that is never the only cue. */
export function StateBadge({ state }: { state: DeductionState }) {
  return (
    <Badge color={STATE_COLOURS[state]} variant="light" size="md" radius="sm" style={{ textTransform: 'none' }}>
      {DEDUCTION_STATE_LABELS[state]}
    </Badge>
  );
}

/** The lender as people know it, with the code on their payslip beside it. */
export function LenderName({ d }: { d: Pick<PortalDeduction, 'org_name' | 'payee_key'> }) {
  return (
    <>
      <Text span fw={600}>
        {d.org_name ?? 'Unknown lender'}
      </Text>{' '}
      <Text span size="sm" c="dimmed">
        {`(payslip code ${d.payee_key})`}
      </Text>
    </>
  );
}

/** The checks that flagged this deduction, in plain words. */
export function SignalList({ signals }: { signals: PortalDeduction['signals'] }) {
  if (!signals.length) return null;
  return (
    <List
      size="sm"
      spacing={4}
      aria-label="Things we noticed about this deduction"
      icon={
        <ThemeIcon color="orange" variant="light" size={20} radius="xl" aria-hidden>
          <IconAlertTriangle size={14} />
        </ThemeIcon>
      }
    >
      {signals.map((s) => (
        <List.Item key={s.type}>{s.text}</List.Item>
      ))}
    </List>
  );
}

/** The employee's mandate the deduction is made under, if any: their consent, said so. */
export function MandateNote({ number }: { number: string | null }) {
  if (!number) return null;
  return (
    <Text size="sm" c="teal.9" data-testid="deduction-mandate">
      {`Made under your mandate ${number}`}
    </Text>
  );
}

/** The report already made on a deduction, if any; once decided in their favour, what happens next. */
export function DisputeNote({ dispute, inFavour = false }: { dispute: PortalDeduction['dispute']; inFavour?: boolean }) {
  if (inFavour) {
    return (
      <Text size="sm" c="teal.9" data-testid="decided-in-favour">
        {`${EMPLOYEE_DISPUTE_STATUS_LABELS.upheld}: ${FAVOUR_NOTE}`}
      </Text>
    );
  }
  if (!dispute) return null;
  return (
    <Text size="sm" c="grape.9">
      {`Reported: ${EMPLOYEE_DISPUTE_STATUS_LABELS[dispute.status]}`}
    </Text>
  );
}

const FAVOUR_NOTE = 'the lender must stop this deduction or refund you. It is not counted in what you pay.';

export const REPORT_LABEL = 'This is not mine / I did not agree to this';

/**
 * What the payroll took from their pay for this deduction, once the month is reconciled: the amount, in calm words
 * (a shorter or missing deduction is between the lender and the payroll, not an alarm).
 */
export function AppliedNote({ d }: { d: Pick<PortalDeduction, 'applied' | 'installment' | 'month' | 'state'> }) {
  if (d.applied === null || d.state === 'stopped') return null;
  const words =
    d.applied === 0
      ? `Nothing was taken from your ${formatMonth(d.month)} pay for this.`
      : `Taken from your ${formatMonth(d.month)} pay: ${formatZmw(d.applied)}${d.applied < d.installment ? ` of ${formatZmw(d.installment)} asked` : ''}.`;
  return (
    <Text size="sm" data-testid="deduction-applied">
      {words}
    </Text>
  );
}
