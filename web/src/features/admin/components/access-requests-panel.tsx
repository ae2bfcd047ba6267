import { Button, Card, Group, Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconSearch, IconUserSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { routeKey } from '@/lib/queries';
import { type AccessRequestItem, type GrantRole, isValidEmail, PLATFORM_ADMIN_MESSAGES } from '@shared/api/admin';
import { getAccessRequestDocuments } from '@shared/routes/admin';
import { useAccessRequests } from '../api/access-requests';
import { AccessRequestsTable, defaultGrant } from './access-requests-table';
import { type Decision, DecisionModal, type PendingDecision } from './decision-modal';
import { DocumentsModal } from './documents-modal';
import { UserInspector } from './user-inspector';

/** Spec part 2 §2 "Access Requests" (/admin/requests) with the User Inspector. */
export function AccessRequestsPanel({ title }: { title: string }) {
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.replace(/[,%*]/g, '').trim(), 300);
  const [status, setStatus] = useState<'pending' | 'all'>('pending');
  const requests = useAccessRequests({ status, q });
  const [roleToGrant, setRoleToGrant] = useState<Record<string, GrantRole>>({});
  const [decision, setDecision] = useState<PendingDecision | null>(null);
  const [docsOf, setDocsOf] = useState<AccessRequestItem | null>(null);
  const [inspectEmail, setInspectEmail] = useState('');
  const [inspectError, setInspectError] = useState<string | null>(null);
  const [inspecting, setInspecting] = useState<string | null>(null);

  const items = requests.data?.pages.flatMap((p) => p.items) ?? [];
  const decide = (item: AccessRequestItem, d: Decision) => setDecision({ request: item, decision: d, role: roleToGrant[item.id] ?? defaultGrant(item) });
  const refreshDocs = (item: AccessRequestItem) => {
    void client.invalidateQueries({ queryKey: routeKey(getAccessRequestDocuments, { params: { id: item.id } }) });
    setDocsOf(item);
  };
  const inspect = (event: FormEvent) => {
    event.preventDefault();
    const email = inspectEmail.trim().toLowerCase();
    if (!isValidEmail(email)) return setInspectError(PLATFORM_ADMIN_MESSAGES.invalid_email);
    setInspectError(null);
    setInspecting(email);
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description="Approve, reject or remove requests for access. Approving creates the organisation (or joins the existing one for that payee key) and grants the role."
        actions={
          <Button
            variant="default"
            leftSection={requests.isFetching ? <Loader size={14} /> : <IconRefresh size={16} aria-hidden />}
            onClick={() => void requests.refetch()}
            disabled={requests.isFetching}
          >
            Refresh
          </Button>
        }
      />
      <Card withBorder padding="md" radius="md">
        <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Email, organisation or payee key"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={{ base: '100%', sm: 300 }}
            />
            <SegmentedControl
              aria-label="Which requests"
              value={status}
              onChange={(v) => setStatus(v as 'pending' | 'all')}
              data={[
                { value: 'pending', label: 'Pending' },
                { value: 'all', label: 'All' },
              ]}
            />
          </Group>
          <form onSubmit={inspect} noValidate>
            <Group align="flex-start" gap="sm">
              <TextInput
                label="Inspect by email"
                placeholder="name@bank.zm"
                value={inspectEmail}
                onChange={(e) => setInspectEmail(e.currentTarget.value)}
                error={inspectError}
                w={{ base: '100%', sm: 260 }}
              />
              <Button type="submit" variant="light" mt={25} leftSection={<IconUserSearch size={16} aria-hidden />}>
                Inspect
              </Button>
            </Group>
          </form>
        </Group>
      </Card>

      {requests.error && <ErrorAlert error={requests.error} />}
      <Card withBorder padding={0} radius="md">
        {requests.isPending ? (
          <Group gap="sm" p="lg" role="status">
            <Loader size="sm" />
            <Text c="dimmed">Loading requests…</Text>
          </Group>
        ) : items.length === 0 ? (
          <Text c="dimmed" p="lg">
            {q
              ? 'No requests match your search.'
              : status === 'pending'
                ? 'No pending requests. New requests appear here when people sign up.'
                : 'No requests yet.'}
          </Text>
        ) : (
          <AccessRequestsTable
            items={items}
            roleToGrant={roleToGrant}
            onRoleChange={(id, role) => setRoleToGrant((r) => ({ ...r, [id]: role }))}
            onPreview={setDocsOf}
            onRefreshDocs={refreshDocs}
            onDecide={decide}
            onInspect={setInspecting}
          />
        )}
      </Card>
      {requests.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => void requests.fetchNextPage()} loading={requests.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      )}

      {decision && (
        <DecisionModal
          pending={decision}
          onClose={() => setDecision(null)}
          onDone={(answer, done) => {
            notifications.show({ color: answer.status === 'approved' ? 'green' : 'blue', title: done.request.email, message: answer.message });
            if (answer.kept_auth_user) setInspecting(done.request.email);
          }}
        />
      )}
      <DocumentsModal request={docsOf} onClose={() => setDocsOf(null)} />
      <UserInspector email={inspecting} onClose={() => setInspecting(null)} />
    </Stack>
  );
}
