import { Alert, Stack, Text } from '@mantine/core';
import type { BulkDecisionResponse, SubmissionListItem } from '@shared/api/reviews';
import { type FailureLine, failureLines } from '../utils/bulk-failures';

function Lines({ title, lines }: { title: string; lines: FailureLine[] }) {
  if (lines.length === 0) return null;
  return (
    <Stack gap={2}>
      <Text size="sm">{title}</Text>
      {lines.map((line) => (
        <Text size="sm" key={line.id}>
          <strong>{line.label}</strong>: {line.message}
        </Text>
      ))}
    </Stack>
  );
}

/** What a bulk decision did: the count, and each failure named by its file, split by whether its row is still listed. */
export function BulkResult({
  result,
  listed,
  onClose,
}: {
  result: BulkDecisionResponse;
  listed: ReadonlyMap<string, SubmissionListItem>;
  onClose: () => void;
}) {
  const lines = failureLines(result.failed, listed);
  return (
    <Alert
      color={result.failed.length ? 'orange' : 'green'}
      variant="light"
      title={result.message}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      role="status"
      data-testid="bulk-result"
    >
      {lines.length > 0 ? (
        <Stack gap={6}>
          <Lines title="Not updated, still selected to try again:" lines={lines.filter((l) => l.listed)} />
          <Lines title="Not updated, and no longer in this list:" lines={lines.filter((l) => !l.listed)} />
        </Stack>
      ) : (
        <Text size="sm">Every selected submission was updated.</Text>
      )}
    </Alert>
  );
}
