import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Billing } from '../api/get-dashboard-metrics';
import { formatCount, formatText, formatZmw } from '../utils/format';

/** Plan, Usage, Amount due and Next invoice (spec part 1 §2 "Dashboard"). */
export function BillingCards({ billing }: { billing: Billing | null }) {
  const cards = [
    { title: 'Plan', value: formatText(billing?.plan) },
    { title: 'Usage', hint: 'uploads this period', value: formatCount(billing?.usage) },
    { title: 'Amount due', value: formatZmw(billing?.amount_due) },
    { title: 'Next invoice', value: formatText(billing?.next_invoice) },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {cards.map((card) => (
        <Card key={card.title} withBorder padding="lg" radius="md" component="section" aria-label={card.title}>
          <Stack gap={4}>
            <Text fw={600}>
              {card.title}
              {card.hint && (
                <Text span c="dimmed" fw={400} size="sm">
                  {' '}
                  ({card.hint})
                </Text>
              )}
            </Text>
            <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {card.value}
            </Text>
            {!billing && (
              <Text size="sm" c="dimmed">
                Billing not configured
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
