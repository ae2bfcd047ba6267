import { Card, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { REVIEW_MESSAGES } from '@shared/api/reviews';

export interface SubmissionsPanelProps {
  loading: boolean;
  error: unknown;
  empty: boolean;
  /** data-testid of the empty state. */
  emptyTestId: string;
  children: ReactNode;
}

/** The frame of a submissions table: its error, its loading and empty states ('No submissions found.'). */
export function SubmissionsPanel({ loading, error, empty, emptyTestId, children }: SubmissionsPanelProps) {
  return (
    <>
      {error ? <ErrorAlert error={error} title="The submissions could not be loaded." /> : null}
      <Card withBorder padding={0} radius="md">
        {loading ? (
          <Group gap="sm" p="lg" role="status">
            <Loader size="sm" />
            <Text c="dimmed">Loading submissions…</Text>
          </Group>
        ) : empty ? (
          <Text c="dimmed" p="lg" data-testid={emptyTestId}>
            {REVIEW_MESSAGES.noSubmissions}
          </Text>
        ) : (
          children
        )}
      </Card>
    </>
  );
}
