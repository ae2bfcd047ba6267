import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { ReportsView } from '@/features/reviews/components/reports-view';
import { screenLabel, useSignedInUser } from '@/lib/authorization';
import { isPlatformAdmin } from '@shared/roles';

/** /reports: fi_admin, pmec_admin, super_admin, sys_admin (the signed-in layout checks; the API scopes the rows). */
export default function ReportsRoute() {
  const { me } = useSignedInUser();
  const title = screenLabel('/reports');
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return <ReportsView title={title} platform={isPlatformAdmin(me.roles)} />;
}
