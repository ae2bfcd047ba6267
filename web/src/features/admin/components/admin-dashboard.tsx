import { Button, Card, Group, Loader, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type Icon, IconClipboardList, IconRefresh, IconShieldLock, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { formatCount, formatDateTime } from '@/lib/format';
import type { AdminMetrics } from '@shared/api/admin';
import type { BillingResponse } from '@shared/api/dashboard';
import { AdminBilling } from './admin-billing';
import { RoleMismatchesCard } from './role-mismatches-card';

interface Figure {
  label: string;
  value: number | undefined;
  icon?: Icon;
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

function FigureCard({ label, value, icon: FigureIcon, loading }: Figure & { loading: boolean }) {
  return (
    <Card withBorder padding="lg" radius="md" aria-label={label}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {FigureIcon && (
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            <FigureIcon size={20} stroke={1.7} />
          </ThemeIcon>
        )}
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
            {label}
          </Text>
          {loading ? (
            <Skeleton h={28} w={64} />
          ) : (
            <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="admin-figure">
              {formatCount(value)}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

function Figures({ figures, loading }: { figures: Figure[]; loading: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: figures.length }} spacing="md">
      {figures.map((f) => (
        <FigureCard key={f.label} {...f} loading={loading} />
      ))}
    </SimpleGrid>
  );
}

export interface AdminDashboardProps {
  title: string;
  metrics: AdminMetrics | undefined;
  loading: boolean;
  refreshing: boolean;
  error: unknown;
  /** null when billing is not configured (404); undefined while loading. */
  billing: BillingResponse | null | undefined;
  billingLoading: boolean;
  onRefresh: () => void;
  /** Platform settings shown under their own heading (web/src/features/settings). */
  settings?: ReactNode;
  /** Shown under the header: what needs a platform admin now (the payroll authority, while none is designated). */
  notice?: ReactNode;
}

/** Spec part 2 §2 "Administration" (/admin). */
export function AdminDashboard({ title, metrics, loading, refreshing, error, billing, billingLoading, onRefresh, settings, notice }: AdminDashboardProps) {
  const side = (which: 'fi' | 'pmec'): Figure[] => [
    { label: 'Admins', value: metrics?.[which].admins },
    { label: 'Data users', value: metrics?.[which].data_users },
    { label: 'Compliance', value: metrics?.[which].compliance },
  ];
  return (
    <Stack gap="xl">
      <PageHeader
        title={title}
        description={
          <span data-testid="admin-updated">{metrics ? `Updated ${formatDateTime(metrics.ts)}` : loading ? 'Loading figures…' : 'Figures not loaded'}</span>
        }
        actions={
          <>
            <Button component={Link} to="/admin/requests" variant="light" leftSection={<IconClipboardList size={16} aria-hidden />}>
              Open Requests
            </Button>
            <Button
              variant="default"
              onClick={onRefresh}
              disabled={refreshing}
              miw={120}
              leftSection={refreshing ? <Loader size={14} /> : <IconRefresh size={16} aria-hidden />}
            >
              {refreshing ? 'Refreshing…' : 'Refresh'}
            </Button>
          </>
        }
      />
      {notice}
      {error !== null && error !== undefined && <ErrorAlert error={error} title="The figures could not be loaded" />}
      <Section title="Totals">
        <Figures
          loading={loading}
          figures={[
            { label: 'All auth users', value: metrics?.totals.auth_users, icon: IconUsers },
            { label: 'Platform admins', value: metrics?.totals.platform_admins, icon: IconShieldLock },
            { label: 'Pending approvals', value: metrics?.totals.pending_approvals, icon: IconClipboardList },
          ]}
        />
      </Section>
      <Section title="FI users">
        <Figures figures={side('fi')} loading={loading} />
      </Section>
      <Section title="PMEC users">
        <Figures figures={side('pmec')} loading={loading} />
      </Section>
      <Section title="Roles that do not fit their organisation">
        <RoleMismatchesCard />
      </Section>
      <Section title="Billing (FI)">
        <AdminBilling billing={billing} fiOrganisations={metrics?.fi.organisations} loading={loading || billingLoading} />
      </Section>
      {settings && <Section title="Platform settings">{settings}</Section>}
    </Stack>
  );
}
