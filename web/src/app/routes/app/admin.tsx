import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { useAdminBilling } from '@/features/admin/api/billing';
import { useAdminMetrics } from '@/features/admin/api/metrics';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { NotAuthorised } from '@/features/admin/components/not-authorised';
import { PayrollAuthorityNotice } from '@/features/settings/components/payroll-authority-settings';
import { PlatformSettings } from '@/features/settings/components/platform-settings';
import { isApiError } from '@/lib/api-client';
import { screenLabel, useSignedInUser } from '@/lib/authorization';
import { isPlatformAdmin } from '@shared/roles';

/** /admin: super and system admins only; the API refuses everyone else too (403 → the same message). */
export default function AdminRoute() {
  const { me } = useSignedInUser();
  const title = screenLabel('/admin');
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  const allowed = isPlatformAdmin(me.roles);
  const metrics = useAdminMetrics(allowed);
  const billing = useAdminBilling(allowed);
  if (!allowed || isApiError(metrics.error, 403)) return <NotAuthorised what="the administration dashboard" />;
  return (
    <AdminDashboard
      title={title}
      metrics={metrics.data}
      loading={metrics.isPending}
      refreshing={metrics.isFetching || billing.isFetching}
      error={metrics.error ?? billing.error}
      billing={billing.data}
      billingLoading={billing.isPending}
      onRefresh={() => void Promise.all([metrics.refetch(), billing.refetch()])}
      settings={<PlatformSettings />}
      notice={<PayrollAuthorityNotice />}
    />
  );
}
