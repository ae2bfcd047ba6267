import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { PageHeader } from '@/components/ui/page-header';
import { FraudSearchView } from '@/features/fraud/components/fraud-search-view';
import { screenLabel } from '@/lib/authorization';

/** /fraud-list: search the fraud and scam registry by NRC (fraud-list roles; the server checks them too). */
export default function FraudListRoute() {
  const title = screenLabel('/fraud-list');
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description="Check borrowers against the shared fraud and scam registry. Every search is recorded in the audit log, as the registry holds personal data."
      />
      <FraudSearchView />
    </Stack>
  );
}
