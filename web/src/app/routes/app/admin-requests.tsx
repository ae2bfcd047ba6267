import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { AccessRequestsPanel } from '@/features/admin/components/access-requests-panel';
import { screenLabel } from '@/lib/authorization';

/** /admin/requests: super and system admins (the signed-in layout checks; the API checks again). */
export default function AdminRequestsRoute() {
  const title = screenLabel('/admin/requests');
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return <AccessRequestsPanel title={title} />;
}
