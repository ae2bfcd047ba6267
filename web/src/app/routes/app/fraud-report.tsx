import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { PageHeader } from '@/components/ui/page-header';
import { FraudReportForm } from '@/features/fraud/components/fraud-report-form';
import { screenLabel, useSignedInUser } from '@/lib/authorization';
import { isPlatformAdmin } from '@shared/roles';

/** /fraud-report: any signed-in user files a fraud or scam report with evidence. */
export default function FraudReportRoute() {
  const title = screenLabel('/fraud-report');
  const { me } = useSignedInUser();
  // The organisation the person may report as: the one they act for (the server refuses any other), if it holds a payee key.
  const acting = (m: (typeof me.memberships)[number]) => m.status === 'approved' && (me.acting_org_id === null || m.org_id === me.acting_org_id);
  const organisations = me.memberships.flatMap((m) => (acting(m) && m.payee_key ? [{ org_name: m.org_name, payee_key: m.payee_key }] : []));
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description="Report a borrower suspected of fraud or a scam. The NRC goes on the shared registry, and the evidence is visible only to fraud-search roles."
      />
      <FraudReportForm organisations={organisations} anyOrganisation={isPlatformAdmin(me.roles)} />
    </Stack>
  );
}
