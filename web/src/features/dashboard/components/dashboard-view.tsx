import { Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowDownToArc, IconFileSpreadsheet, IconFileX, IconGavel, IconRefresh, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { formatCount, formatText } from '@/lib/format';
import type { MeResponse } from '@shared/api/accounts';
import type { ScreenDef } from '@shared/navigation';
import { ROLE_LABELS, isPlatformAdmin } from '@shared/roles';
import type { DashboardMetrics, DashboardMetricsState } from '../api/get-dashboard-metrics';
import { ActivityChart } from './activity-chart';
import { BillingCards } from './billing-cards';
import { BillingPlanEditor } from './billing-plan-editor';
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

function Section({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Stack gap={2}>
        <Title order={2} size="h4">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed" data-testid={`${title.toLowerCase().replace(/\s+/g, '-')}-scope`}>
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}

/** Submissions (YTD, Month, Today), Inputs (YTD, MTD, Today, with Payee), Stoppages (YTD, MTD, Today). */
function activityCards(metrics: DashboardMetrics | null) {
  const payee = metrics?.scope === 'platform' ? 'all organisations' : formatText(metrics?.inputs.payee_key);
  const figures = (labels: readonly string[], values: readonly (number | undefined)[]) => labels.map((label, i) => ({ label, value: formatCount(values[i]) }));
  return [
    {
      title: 'Submissions',
      icon: IconFileSpreadsheet,
      items: figures(['YTD', 'Month', 'Today'], [metrics?.submissions.ytd, metrics?.submissions.month, metrics?.submissions.today]),
      footer: metrics ? `Files submitted · late: ${formatCount(metrics.late.ytd)} this year, ${formatCount(metrics.late.month)} this month` : 'Files submitted',
    },
    {
      title: 'Inputs',
      icon: IconArrowDownToArc,
      items: figures(['YTD', 'MTD', 'Today'], [metrics?.inputs.ytd, metrics?.inputs.mtd, metrics?.inputs.today]),
      footer: `Payee: ${payee} · borrower rows`,
    },
    {
      title: 'Stoppages',
      icon: IconFileX,
      items: figures(['YTD', 'MTD', 'Today'], [metrics?.stoppages.ytd, metrics?.stoppages.mtd, metrics?.stoppages.today]),
      footer: 'Borrower rows',
    },
  ];
}

/** Whose figures these are (spec part 1 §6: platform-wide for super and system admins). */
function scopeLine(metrics: DashboardMetrics | null): string | undefined {
  if (!metrics) return undefined;
  if (metrics.scope === 'platform') return 'Platform-wide: every organisation’s submissions and rows.';
  return metrics.org_name ? `Figures for ${metrics.org_name}.` : 'You are not an approved member of an organisation yet, so there are no figures to show.';
}

/** Spec part 1 §2 "Dashboard". */
export function DashboardView({ me, metrics: state, features, onRefresh, refreshing, errors }: DashboardViewProps) {
  const { metrics, billing } = state;
  const platformAdmin = isPlatformAdmin(me.roles);
  const title = platformAdmin ? 'Admin Dashboard' : 'Dashboard';
  return (
    <Stack gap="xl">
      <PageHeader
        title={title}
        titleTestId="dashboard-title"
        description={
          <Stack gap={8} mt={4}>
            <Text size="sm" c="dimmed">
              Signed in as{' '}
              <Text span fw={600} c="dark">
                {me.email}
              </Text>
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

      <Section title="Activity" description={scopeLine(metrics)}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          {activityCards(metrics).map((card) => (
            <MetricCard key={card.title} {...card} />
          ))}
        </SimpleGrid>
      </Section>

      {metrics && (
        <Section title="Last 12 months">
          <ActivityChart series={metrics.series} />
        </Section>
      )}

      <Section title="Billing">
        <BillingCards billing={billing} />
        {platformAdmin && <BillingPlanEditor />}
      </Section>

      {metrics?.disputes && (
        <Section title="Disputes" description="Open: waiting for the lender’s answer. Answered: waiting for a decision.">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <MetricCard
              title="Disputes waiting"
              icon={IconGavel}
              items={[
                { label: 'Open', value: formatCount(metrics.disputes.open) },
                { label: 'Answered', value: formatCount(metrics.disputes.answered) },
              ]}
              footer={
                <Anchor component={Link} to="/disputes" size="sm">
                  Go to Disputes
                </Anchor>
              }
            />
          </SimpleGrid>
        </Section>
      )}

      <Section title="Team">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <MetricCard
            title="Team members (approved)"
            icon={IconUsers}
            items={[{ label: 'Members', value: formatCount(metrics?.team_count) }]}
            footer={metrics?.scope === 'platform' ? 'Approved users across the platform' : 'Approved members of your organisation'}
          />
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
