import { Badge } from '@mantine/core';
import { submissionStatusLabel } from '@shared/api/reviews';

const COLOURS: Record<string, string> = { pending: 'yellow', fi_approved: 'blue', approved: 'green', rejected: 'red' };

/** A submission's status with the spec's label (part 2 §4). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={COLOURS[status] ?? 'gray'} tt="none" style={{ maxWidth: 'none', flexShrink: 0 }} styles={{ label: { overflow: 'visible' } }}>
      {submissionStatusLabel(status)}
    </Badge>
  );
}

/** Submitted after its month's window closed. */
export function LateBadge() {
  return (
    <Badge variant="light" color="orange" tt="none" style={{ flexShrink: 0 }} title="Submitted after its month's window closed" data-testid="late-badge">
      Late
    </Badge>
  );
}
