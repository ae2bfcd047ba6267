import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { DisputesView } from '@/features/disputes/components/disputes-view';
import { screenLabel } from '@/lib/authorization';

/** /disputes: reviewers and organisation admins; the server decides what each sees and may do. */
export default function DisputesRoute() {
  const title = screenLabel('/disputes');
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return <DisputesView title={title} />;
}
