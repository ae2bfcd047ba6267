import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { PageHeader } from '@/components/ui/page-header';
import { FraudReportForm } from '@/features/fraud/components/fraud-report-form';
import { screenLabel } from '@/lib/authorization';

/** /fraud-report: any signed-in user files a fraud or scam report with evidence. */
export default function FraudReportRoute() {
  const title = screenLabel('/fraud-report');
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description="Report a borrower suspected of fraud or a scam. The NRC goes on the shared registry, and the evidence is visible only to fraud-search roles."
      />
      <FraudReportForm />
    </Stack>
  );
}
