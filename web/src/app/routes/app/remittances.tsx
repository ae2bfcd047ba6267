import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { PageHeader } from '@/components/ui/page-header';
import { RemittancesView } from '@/features/remittances/components/remittances-view';
import { screenLabel } from '@/lib/authorization';

/** /remittances: each lender's remittance statement for a month and what arrived; the API shows a lender its own only. */
export default function RemittancesRoute() {
  const title = screenLabel('/remittances');
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description="What the payroll remitted to each lender for the month, as PDF and CSV; what arrived, and any difference until it is resolved with a note."
      />
      <RemittancesView />
    </Stack>
  );
}
