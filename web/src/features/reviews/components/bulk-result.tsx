import { Alert, Stack, Text } from '@mantine/core';
import type { BulkDecisionResponse } from '@shared/api/reviews';

/** What a bulk decision did: the count, and each failure with its reason (those rows stay selected). */
export function BulkResult({ result, describe, onClose }: { result: BulkDecisionResponse; describe: (id: string) => string; onClose: () => void }) {
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
      {result.failed.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm">These stay selected:</Text>
          {result.failed.map((f) => (
            <Text size="sm" key={f.id}>
              <strong>{describe(f.id)}</strong>: {f.message}
            </Text>
          ))}
        </Stack>
      ) : (
        <Text size="sm">Every selected submission was updated.</Text>
      )}
    </Alert>
  );
}
