import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { formatCount, formatDate, formatMonth, formatZmw } from '@/lib/format';
import type { BillingResponse } from '@shared/api/dashboard';

const PRICING: Record<BillingResponse['pricing'], string> = {
  per_upload: 'per-upload plans',
  flat: 'flat-fee plans',
  mixed: 'per-upload and flat-fee plans',
};

/**
 * Spec §2 "Administration": Billing (FI) with a disabled Manage Pricing button. The figures are
 * the platform's billing (GET /api/billing); plans are set on the Home dashboard's billing editor.
 */
export function AdminBilling({
  billing,
  fiOrganisations,
  loading,
}: {
  billing: BillingResponse | null | undefined;
  fiOrganisations: number | undefined;
  loading: boolean;
}) {
  const figures = [
    { label: 'Organisations billed', value: billing ? formatCount(billing.organisations) : '—', hint: billing ? PRICING[billing.pricing] : null },
    { label: 'Uploads this month', value: billing ? formatCount(billing.usage) : '—', hint: billing ? formatMonth(billing.period, 'short') : null },
    { label: 'Amount due', value: billing ? formatZmw(billing.amount_due) : '—', hint: billing ? `for ${formatMonth(billing.period, 'short')}` : null },
    { label: 'Next invoice', value: billing ? formatDate(billing.next_invoice) : '—', hint: null },
  ];
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
              <IconBuildingBank size={20} stroke={1.7} />
            </ThemeIcon>
            <Stack gap={2}>
              <Text fw={600}>FI organisations: {loading ? '…' : formatCount(fiOrganisations)}</Text>
              <Text size="sm" c="dimmed" data-testid="admin-billing-status">
                {loading
                  ? 'Loading billing…'
                  : billing
                    ? 'This month so far, across every organisation with a billing plan.'
                    : 'Billing not configured: no organisation has a billing plan yet.'}
              </Text>
            </Stack>
          </Group>
          <Tooltip label="Not available here. Plans are set per organisation under Billing on the Home screen." withArrow multiline w={260}>
            <span tabIndex={0}>
              <Button disabled style={{ pointerEvents: 'none' }}>
                Manage Pricing
              </Button>
            </span>
          </Tooltip>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {figures.map((f) => (
            <Stack key={f.label} gap={2} aria-label={f.label}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
                {f.label}
              </Text>
              {loading ? (
                <Skeleton h={24} w={80} />
              ) : (
                <Text size="lg" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {f.value}
                </Text>
              )}
              {!loading && f.hint && (
                <Text size="xs" c="dimmed">
                  {f.hint}
                </Text>
              )}
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
