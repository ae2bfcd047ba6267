import { Button, Card, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { type AuditFilters, useAuditLog } from '../api/audit';
import { AuditTable } from './audit-table';

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const OUTCOMES = [
  { value: '', label: 'Any outcome' },
  { value: 'ok', label: 'ok' },
  { value: 'refused', label: 'refused' },
  { value: 'failed', label: 'failed' },
];

/** The audit log with its filters: the last 7 days by default, newest first, 50 at a time. */
export function AuditLog() {
  const [draft, setDraft] = useState<AuditFilters>({ from: daysAgo(6), to: today(), action: '', actor: '', outcome: '', subject: '' });
  const [applied, setApplied] = useState<AuditFilters | null>(draft);
  const log = useAuditLog(applied);
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];
  const set = (field: keyof AuditFilters) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Searching again with the same filters refreshes: the log grows while one reads it.
    if (JSON.stringify(draft) === JSON.stringify(applied)) void log.refetch();
    else setApplied({ ...draft });
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="audit-log-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="audit-log-title">
          Entries
        </Title>
        <form onSubmit={submit} aria-label="Audit filters">
          <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} spacing="sm">
            <TextInput type="date" label="From" value={draft.from} onChange={(e) => set('from')(e.currentTarget.value)} required />
            <TextInput type="date" label="To" value={draft.to} onChange={(e) => set('to')(e.currentTarget.value)} required />
            <TextInput
              label="Action starts with"
              placeholder="request.submit-upload"
              value={draft.action}
              onChange={(e) => set('action')(e.currentTarget.value)}
            />
            <TextInput label="Actor email" placeholder="name@bank.co.zm" value={draft.actor} onChange={(e) => set('actor')(e.currentTarget.value)} />
            <Select label="Outcome" data={OUTCOMES} value={draft.outcome} onChange={(value) => set('outcome')(value ?? '')} allowDeselect={false} />
            <TextInput label="Target" placeholder="NRC#123456789 or USER#…" value={draft.subject} onChange={(e) => set('subject')(e.currentTarget.value)} />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button type="submit" leftSection={<IconSearch size={16} />} loading={log.isFetching && !log.isFetchingNextPage}>
              Search
            </Button>
          </Group>
        </form>
        {log.isError && <ErrorAlert error={log.error} />}
        {log.isPending && applied !== null ? (
          <Group gap="xs" c="dimmed" mih={80}>
            <Loader size="sm" />
            <Text size="sm">Loading…</Text>
          </Group>
        ) : items.length === 0 && !log.isError ? (
          <Text c="dimmed" size="sm" mih={80}>
            No audit entries match these filters.
          </Text>
        ) : (
          <AuditTable items={items} caption={`${items.length} entr${items.length === 1 ? 'y' : 'ies'} shown, newest first`} />
        )}
        {log.hasNextPage && (
          <Group justify="center">
            <Button variant="default" onClick={() => log.fetchNextPage()} loading={log.isFetchingNextPage}>
              Load more
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
