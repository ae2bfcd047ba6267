import { Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatCount } from '@/lib/format';
import type { FraudSearchState } from '../api/use-fraud-search';
import { ResultsTable } from './results-table';

function Message({ children, loading = false }: { children: string; loading?: boolean }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        {loading && <Loader size="sm" />}
        <Text c="dimmed">{children}</Text>
      </Group>
    </Center>
  );
}

function heading(state: FraudSearchState): string {
  if (state.mode === 'latest') return 'Latest reports';
  if (state.mode === 'search') return 'Search results';
  return 'Results';
}

function summary(state: FraudSearchState): string | null {
  const r = state.result;
  if (!r || state.loading) return null;
  if (state.mode === 'latest') return `The ${formatCount(r.total)} most recent report${r.total === 1 ? '' : 's'}, newest first.`;
  const searched = r.searchedNrcs ?? 0;
  const nrcs = `${formatCount(searched)} NRC${searched === 1 ? '' : 's'} searched`;
  if (r.total === 0) return `None of the ${nrcs} is on the registry.`;
  return `${formatCount(r.total)} report${r.total === 1 ? '' : 's'} on ${formatCount(r.matchedNrcs ?? 0)} of the ${nrcs}, newest first.`;
}

export interface ResultsPanelProps {
  state: FraudSearchState;
  onPrev: () => void;
  onNext: () => void;
}

/** Spec §2 messages: 'No results yet', 'Loading…', 'No matches found.', the error text; 'Page N · total' when paged. */
export function ResultsPanel({ state, onPrev, onNext }: ResultsPanelProps) {
  const r = state.result;
  const text = summary(state);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="fraud-results-title">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h5" id="fraud-results-title">
            {heading(state)}
          </Title>
          {text && (
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          )}
        </Group>
        {state.error ? (
          <ErrorAlert error={state.error} />
        ) : state.loading ? (
          <Message loading>Loading…</Message>
        ) : state.mode === 'idle' || !r ? (
          <Message>No results yet</Message>
        ) : r.items.length === 0 ? (
          <Message>No matches found.</Message>
        ) : (
          <ResultsTable items={r.items} />
        )}
        {r && r.paged && !state.error && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Attachment links work for 15 minutes; run the search again for fresh links.
            </Text>
            <Group gap="sm">
              <Button
                variant="default"
                size="xs"
                onClick={onPrev}
                disabled={!r.hasPrev || state.loading}
                leftSection={<IconChevronLeft size={14} aria-hidden />}
              >
                Prev
              </Button>
              <Text size="sm" data-testid="page-label" aria-live="polite">
                Page {r.page} · {formatCount(r.total)} total
              </Text>
              <Button
                variant="default"
                size="xs"
                onClick={onNext}
                disabled={!r.hasNext || state.loading}
                rightSection={<IconChevronRight size={14} aria-hidden />}
              >
                Next
              </Button>
            </Group>
          </Group>
        )}
        {r && !r.paged && r.items.length > 0 && (
          <Text size="sm" c="dimmed">
            Attachment links work for 15 minutes; run the search again for fresh links.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
