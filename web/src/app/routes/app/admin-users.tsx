import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { PlatformAdminsPanel } from '@/features/admin/components/platform-admins-panel';
import { screenLabel } from '@/lib/authorization';

/** /admin/users: super_admin only (the signed-in layout checks the role; the API checks again). */
export default function AdminUsersRoute() {
  const title = screenLabel('/admin/users');
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return <PlatformAdminsPanel title={title} />;
}
