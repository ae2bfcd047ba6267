import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatCount, formatDate, formatMonth, formatText, formatZmw } from '@/lib/format';
import type { Billing } from '../api/get-dashboard-metrics';

function pricingLine(billing: Billing): string {
  if (billing.scope === 'platform')
    return `billed · ${billing.pricing === 'mixed' ? 'per-upload and flat-fee plans' : billing.pricing === 'flat' ? 'flat-fee plans' : 'per-upload plans'}`;
  return billing.pricing === 'flat' ? `Flat fee ${formatZmw(billing.flat_fee)} a month` : `${formatZmw(billing.price_per_upload)} per upload`;
}

/** Plan, Usage, Amount due and Next invoice (spec part 1 §2 "Dashboard"); dashes when billing is not configured. */
export function BillingCards({ billing }: { billing: Billing | null }) {
  const cards = [
    { title: 'Plan', value: formatText(billing?.plan), hint: billing ? pricingLine(billing) : null },
    { title: 'Usage', value: formatCount(billing?.usage), hint: billing ? `uploads in ${formatMonth(billing.period, 'short')}` : 'uploads this period' },
    { title: 'Amount due', value: formatZmw(billing?.amount_due), hint: billing ? `for ${formatMonth(billing.period, 'short')}` : null },
    { title: 'Next invoice', value: billing ? formatDate(billing.next_invoice) : formatText(null), hint: null },
  ];
  return (
    <Stack gap="xs">
      {!billing && (
        <Text size="sm" c="dimmed" data-testid="billing-not-configured">
          Billing not configured
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {cards.map((card) => (
          <Card key={card.title} withBorder padding="lg" radius="md" component="section" aria-label={card.title}>
            <Stack gap={4}>
              <Text fw={600}>{card.title}</Text>
              <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`billing-${card.title.toLowerCase().replace(/\s+/g, '-')}`}>
                {card.value}
              </Text>
              {card.hint && (
                <Text size="sm" c="dimmed">
                  {card.hint}
                </Text>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
