import { Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { formatMonth, formatZmw } from '@/lib/format';
import type { PortalDeduction } from '@shared/api/portal';
import { useMandateOf, useMyDeductions } from '../api/portal';
import { DeductionCard } from './deduction-card';
import { DeductionsTable } from './deductions-table';
import { ListState, PortalHeading } from './portal-states';
import { ReportDeductionModal } from './report-deduction-modal';
import { TakenWithoutApprovalLine } from './taken-without-approval-line';
import { UnexpectedDeductions } from './unexpected-deductions';

/** The employee's deductions over the last 12 months: a card each on a phone, a table on a wide screen. */
export function DeductionsScreen() {
  const deductions = useMyDeductions();
  const mandateOf = useMandateOf();
  const wide = useMediaQuery('(min-width: 48em)') ?? false;
  const [reporting, setReporting] = useState<PortalDeduction | null>(null);
  const data = deductions.data;
  return (
    <Stack gap="md">
      <PortalHeading title="Your deductions">Everything lenders deducted from your pay in the last 12 months.</PortalHeading>
      <UnexpectedDeductions />
      {data && (
        <Paper withBorder radius="md" p="md" bg="blue.0" data-testid="total-this-month">
          <Text size="sm">{`You pay in ${formatMonth(data.to_month)}`}</Text>
          <Text fw={700} size="xl">
            {formatZmw(data.total_this_month)}
          </Text>
          <TakenWithoutApprovalLine month={data.to_month} link={false} />
          {data.items.some((d) => d.decided_in_your_favour) && (
            <Text size="sm">Deductions decided in your favour are left out: the lender must stop them or refund you.</Text>
          )}
        </Paper>
      )}
      <ListState query={deductions} empty={data?.items.length === 0} what="deductions" />
      {data && data.items.length > 0 && (
        <>
          <Text size="sm">If a deduction is not yours, or you did not agree to it, report it. The lender must answer and a reviewer decides.</Text>
          {wide ? (
            <DeductionsTable items={data.items} mandateOf={mandateOf} onReport={setReporting} />
          ) : (
            <Stack gap="sm">
              {data.items.map((d, i) => (
                <DeductionCard key={`${d.month}-${d.payee_key}-${i}`} d={d} mandate={mandateOf(d)} onReport={setReporting} />
              ))}
            </Stack>
          )}
        </>
      )}
      <ReportDeductionModal deduction={reporting} onClose={() => setReporting(null)} fullScreen={!wide} />
    </Stack>
  );
}
