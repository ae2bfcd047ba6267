import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { useMe } from '@/features/accounts/api/get-me';
import { InvitationsCard } from '@/features/accounts/components/invitations-card';
import { useDashboardMetrics } from '@/features/dashboard/api/get-dashboard-metrics';
import { DashboardView } from '@/features/dashboard/components/dashboard-view';
import { allowedScreens, useSignedInUser } from '@/lib/authorization';

/** /app: the dashboard. */
export default function DashboardRoute() {
  const { me, caller } = useSignedInUser();
  const meQuery = useMe();
  const metrics = useDashboardMetrics();
  useDocumentTitle(`Dashboard · ${BRAND_NAME}`);

  const refresh = () => {
    void meQuery.refetch();
    void metrics.refetch();
  };
  const errors = [meQuery.error, metrics.error].filter((error) => error !== null && error !== undefined);

  return (
    <Stack gap="xl">
      <InvitationsCard me={me} />
      <DashboardView
        me={me}
        metrics={metrics}
        features={allowedScreens(caller, 'inFeatureGrid')}
        onRefresh={refresh}
        refreshing={meQuery.isFetching || metrics.isFetching}
        errors={errors}
      />
    </Stack>
  );
}
