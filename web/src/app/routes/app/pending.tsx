import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { PendingApproval } from '@/features/accounts/components/pending-approval';
import { useSignedInUser } from '@/lib/authorization';

export default function PendingRoute() {
  const { me } = useSignedInUser();
  useDocumentTitle(`Waiting for approval · ${BRAND_NAME}`);
  return <PendingApproval email={me.email} />;
}
