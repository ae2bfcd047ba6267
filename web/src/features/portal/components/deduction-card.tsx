import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { formatMonth, formatZmw } from '@/lib/format';
import type { PortalDeduction } from '@shared/api/portal';
import { AppliedNote, DisputeNote, LenderName, MandateNote, REPORT_LABEL, SignalList, StateBadge } from './deduction-parts';

/** One deduction on a phone: who, when, how much, where it stands, and the way to report it. */
export function DeductionCard({ d, mandate, onReport }: { d: PortalDeduction; mandate: string | null; onReport: (d: PortalDeduction) => void }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      data-testid="deduction-card"
      aria-label={`${d.org_name ?? d.payee_key}, ${formatMonth(d.month)}`}
    >
      <Stack gap="xs">
        <div>
          <LenderName d={d} />
        </div>
        <Group justify="space-between" align="baseline" wrap="nowrap">
          <Text size="sm">{formatMonth(d.month)}</Text>
          <Text fw={700} size="lg">
            {d.state === 'stopped' ? 'Stopped' : formatZmw(d.installment)}
          </Text>
        </Group>
        <Group gap="xs">
          <StateBadge state={d.state} />
        </Group>
        <AppliedNote d={d} />
        <MandateNote number={mandate} />
        <SignalList signals={d.signals} />
        <DisputeNote dispute={d.dispute} inFavour={d.decided_in_your_favour} />
        {d.can_report && (
          <Button
            variant="outline"
            color="red"
            fullWidth
            onClick={() => onReport(d)}
            aria-label={`${REPORT_LABEL}: ${d.org_name ?? d.payee_key}, ${formatMonth(d.month)}`}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            h="auto"
            py={8}
          >
            {REPORT_LABEL}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
