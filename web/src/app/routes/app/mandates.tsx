import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { PageHeader } from '@/components/ui/page-header';
import { ClaimForm } from '@/features/mandates/components/claim-form';
import { ClaimedList } from '@/features/mandates/components/claimed-list';
import { screenLabel } from '@/lib/authorization';

/** /mandates: a lender's FI admins and data users claim mandates and follow their use; the API checks the payee key's organisation. */
export default function MandatesRoute() {
  const title = screenLabel('/mandates');
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description="An employee’s consent to your first deduction: they give you a mandate number and a PIN we texted them. Claim it here, then cite the number in the MANDATE column of your inputs file."
      />
      <ClaimForm />
      <ClaimedList />
    </Stack>
  );
}
