import { Alert, List } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import type { ReconciliationResponse } from '@shared/api/reconciliation';

/**
 * The schedule's lenders no part of the month's applied deductions answers yet: the payroll sends the month in parts,
 * and a lender not yet answered is awaited, not shown as NOT_APPLIED.
 */
export function AwaitingLenders({ lenders }: { lenders: ReconciliationResponse['awaiting'] }) {
  return (
    <Alert color="gray" variant="light" icon={<IconHourglass size={18} aria-hidden />} title="Awaiting the payroll's applied file">
      The payroll sends this month's applied deductions in parts. No part has answered these lenders yet:
      <List size="sm" mt="xs">
        {lenders.map((lender) => (
          <List.Item key={lender.payee_key}>{lender.org_name ? `${lender.org_name} (${lender.payee_key})` : lender.payee_key}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
