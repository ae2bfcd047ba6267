import { Button, Card, Group, Text } from '@mantine/core';
import type { ReviewDecision } from '@shared/api/reviews';

const LABELS: Record<ReviewDecision, { label: string; color: string; variant: string }> = {
  approve: { label: 'Approve selected', color: 'green', variant: 'light' },
  reject: { label: 'Reject selected', color: 'red', variant: 'light' },
  complete: { label: 'Complete selected', color: 'green', variant: 'light' },
};

export interface BulkBarProps {
  count: number;
  /** The decisions this reviewer may take. */
  decisions: readonly ReviewDecision[];
  /** The bulk decision in flight, if any. */
  busy: ReviewDecision | null;
  onDecide: (decision: ReviewDecision) => void;
  onClear: () => void;
}

/** Spec part 2 §2 bulk actions; always in place (disabled with nothing selected) so the table never jumps. */
export function BulkBar({ count, decisions, busy, onDecide, onClear }: BulkBarProps) {
  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-label="Bulk actions">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={500} aria-live="polite" data-testid="bulk-count">
          {count === 0 ? 'Select submissions to approve, reject or complete them together.' : `${count} selected`}
        </Text>
        <Group gap="xs" wrap="wrap">
          {decisions.map((d) => (
            <Button
              key={d}
              size="xs"
              color={LABELS[d].color}
              variant={LABELS[d].variant}
              disabled={count === 0 || (busy !== null && busy !== d)}
              loading={busy === d}
              onClick={() => onDecide(d)}
            >
              {LABELS[d].label}
            </Button>
          ))}
          <Button size="xs" variant="subtle" color="gray" disabled={count === 0 || busy !== null} onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
