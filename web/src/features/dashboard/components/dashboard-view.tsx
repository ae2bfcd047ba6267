import { Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowDownToArc, IconFileSpreadsheet, IconFileX, IconRefresh, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { MeResponse } from '../../../../../shared/api/me';
import type { ScreenDef } from '../../../../../shared/navigation';
import { ROLE_LABELS, isPlatformAdmin } from '../../../../../shared/roles';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import type { DashboardMetrics, DashboardMetricsState } from '../api/get-dashboard-metrics';
import { formatCount, formatText } from '../utils/format';
import { BillingCards } from './billing-cards';
import { FeatureGrid } from './feature-grid';
import { MetricCard } from './metric-card';

export interface DashboardViewProps {
  me: MeResponse;
  metrics: DashboardMetricsState;
  /** 'All features' cards the caller may open. */
  features: readonly ScreenDef[];
  onRefresh: () => void;
  refreshing: boolean;
  errors: readonly unknown[];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Submissions (YTD, Month, Today), Inputs (YTD, MTD, Today, with Payee), Stoppages (YTD, MTD, Today). */
function activityCards(metrics: DashboardMetrics | null) {
  const figures = (labels: readonly string[], values: readonly (number | undefined)[]) =>
    labels.map((label, i) => ({ label, value: formatCount(values[i]) }));
  return [
    {
      title: 'Submissions',
      icon: IconFileSpreadsheet,
      items: figures(['YTD', 'Month', 'Today'], [metrics?.submissions.ytd, metrics?.submissions.month, metrics?.submissions.today]),
    },
    {
      title: 'Inputs',
      icon: IconArrowDownToArc,
      items: figures(['YTD', 'MTD', 'Today'], [metrics?.inputs.ytd, metrics?.inputs.mtd, metrics?.inputs.today]),
      footer: `Payee: ${formatText(metrics?.inputs.payee_key)}`,
    },
    {
      title: 'Stoppages',
      icon: IconFileX,
      items: figures(['YTD', 'MTD', 'Today'], [metrics?.stoppages.ytd, metrics?.stoppages.mtd, metrics?.stoppages.today]),
    },
  ];
}

/** Spec part 1 §2 "Dashboard". */
export function DashboardView({ me, metrics: state, features, onRefresh, refreshing, errors }: DashboardViewProps) {
  const { metrics, billing } = state;
  const title = isPlatformAdmin(me.roles) ? 'Admin Dashboard' : 'Dashboard';
  return (
    <Stack gap="xl">
      <PageHeader
        title={title}
        titleTestId="dashboard-title"
        description={
          <Stack gap={8} mt={4}>
            <Text size="sm" c="dimmed">
              Signed in as <Text span fw={600} c="dark">{me.email}</Text>
            </Text>
            <Group gap={6}>
              {me.roles.length > 0 ? (
                me.roles.map((role) => (
                  <Badge key={role} variant="light" radius="sm" tt="none" size="lg" data-testid="role-badge">
                    {ROLE_LABELS[role]}
                  </Badge>
                ))
              ) : (
                <Text size="sm" c="dimmed">
                  No roles assigned yet
                </Text>
              )}
            </Group>
          </Stack>
        }
        actions={
          <Button
            variant="default"
            onClick={onRefresh}
            disabled={refreshing}
            miw={132}
            leftSection={refreshing ? <Loader size={14} /> : <IconRefresh size={16} aria-hidden />}
          >
            {refreshing ? 'Refreshing…' : 'Refresh'}
          </Button>
        }
      />

      {errors.map((error, index) => (
        <ErrorAlert key={index} error={error} />
      ))}

      <Section title="Activity">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          {activityCards(metrics).map((card) => (
            <MetricCard key={card.title} {...card} />
          ))}
        </SimpleGrid>
      </Section>

      <Section title="Billing">
        <BillingCards billing={billing} />
      </Section>

      <Section title="Team">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <MetricCard title="Team members (approved)" icon={IconUsers} items={[{ label: 'Members', value: formatCount(metrics?.team_count) }]} />
        </SimpleGrid>
      </Section>

      <Section title="All features">
        {features.length > 0 ? (
          <FeatureGrid screens={features} />
        ) : (
          <Card withBorder padding="lg">
            <Text c="dimmed">No features are available to your roles yet.</Text>
          </Card>
        )}
      </Section>
    </Stack>
  );
}
