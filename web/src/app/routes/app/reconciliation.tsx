import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { PageHeader } from '@/components/ui/page-header';
import { ReconciliationView } from '@/features/reconciliation/components/reconciliation-view';
import { screenLabel } from '@/lib/authorization';

/** /reconciliation: what the payroll applied against the month's schedule; the API shows a lender its own payee keys only. */
export default function ReconciliationRoute() {
  const title = screenLabel('/reconciliation');
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description="Each line of the month’s payroll schedule against what the payroll deducted: applied in full, short, not applied, or taken without an approved deduction."
      />
      <ReconciliationView />
    </Stack>
  );
}
