import { Alert, Button, Card, Code, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { getRuntimeConfig } from '@/lib/config';
import { formatDate } from '@/lib/format';
import { type ApiClient, type ApiClientSecretResponse, createApiClientRequestSchema } from '@shared/api/api-clients';
import { ROLE_LABELS, type Role } from '@shared/roles';
import { useApiClients, useCreateApiClient, useDeleteApiClient, useRotateApiClient } from '../api/api-clients';
import { ApiClientSecret } from './api-client-secret';
import { TeamErrorAlert } from './team-error-alert';

type Pending = { kind: 'rotate' | 'delete'; client: ApiClient } | null;

function CreateClientForm({ roles, onCreated }: { roles: readonly Role[]; onCreated: (answer: ApiClientSecretResponse) => void }) {
  const create = useCreateApiClient();
  const form = useForm({ initialValues: { name: '', role: '' }, validate: schemaResolver(createApiClientRequestSchema, { sync: true }) });
  const submit = form.onSubmit(({ name, role }) => create.mutate({ name, role: role as Role }, { onSuccess: (answer) => (onCreated(answer), form.reset()) }));
  return (
    <form onSubmit={submit} noValidate aria-label="Create an API client">
      <Stack gap="xs">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput label="Client name" placeholder="core-banking" w={{ base: '100%', sm: 260 }} autoComplete="off" {...form.getInputProps('name')} />
          <Select
            label="Acts as"
            placeholder="Select a role"
            data={roles.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
            value={form.values.role || null}
            onChange={(value) => form.setFieldValue('role', value ?? '')}
            error={form.errors.role}
            w={{ base: '100%', sm: 200 }}
            allowDeselect={false}
          />
          <Button type="submit" mt={{ base: 0, sm: 25 }} loading={create.isPending} leftSection={<IconPlus size={16} aria-hidden />}>
            Create client
          </Button>
        </Group>
        {create.error && <TeamErrorAlert error={create.error} />}
      </Stack>
    </form>
  );
}

/**
 * The organisation's API clients on /team: machine callers (a lender's loan system) that get tokens by
 * OAuth2 client credentials and act for the organisation with one non-admin role. The secret of a new or
 * rotated client is shown once.
 */
export function ApiClientsCard() {
  const clients = useApiClients();
  const rotate = useRotateApiClient();
  const remove = useDeleteApiClient();
  const [secret, setSecret] = useState<ApiClientSecretResponse | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const tokenUrl = getRuntimeConfig().tokenUrl;
  const busy = rotate.isPending || remove.isPending;
  const confirm = () => {
    if (!pending) return;
    const done = { onSuccess: () => setPending(null) };
    if (pending.kind === 'rotate') rotate.mutate(pending.client.client_id, { onSuccess: (answer) => (setSecret(answer), setPending(null)) });
    else remove.mutate(pending.client.client_id, done);
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="API clients">
      <Stack gap="sm">
        <Title order={2} size="h4">
          API clients
        </Title>
        <Text size="sm" c="dimmed">
          Let your own systems call the platform without a person signing in: each client gets access tokens with its id and secret (OAuth2 client credentials)
          and acts for your organisation with the role you choose, never an admin role.
        </Text>
        {secret && <ApiClientSecret answer={secret} tokenUrl={tokenUrl} onDone={() => setSecret(null)} />}
        {clients.isLoading && (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text c="dimmed">Loading the API clients…</Text>
          </Group>
        )}
        {clients.error && <TeamErrorAlert error={clients.error} />}
        {clients.data && (
          <>
            <CreateClientForm roles={clients.data.roles} onCreated={setSecret} />
            {clients.data.clients.length === 0 ? (
              <Text c="dimmed" py="sm">
                No API clients yet. Create one for each system that calls the platform.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table striped verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Acts as</Table.Th>
                      <Table.Th>Client id</Table.Th>
                      <Table.Th>Created</Table.Th>
                      <Table.Th>Action</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {clients.data.clients.map((c) => (
                      <Table.Tr key={c.client_id}>
                        <Table.Td>{c.name}</Table.Td>
                        <Table.Td>{ROLE_LABELS[c.role]}</Table.Td>
                        <Table.Td>
                          <Code>{c.client_id}</Code>
                        </Table.Td>
                        <Table.Td>
                          {formatDate(c.rotated_at ?? c.created_at)}
                          {c.rotated_at ? ' (rotated)' : ''}
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Button size="xs" variant="default" onClick={() => setPending({ kind: 'rotate', client: c })} aria-label={`Rotate ${c.name}`}>
                              Rotate
                            </Button>
                            <Button
                              size="xs"
                              variant="light"
                              color="red"
                              onClick={() => setPending({ kind: 'delete', client: c })}
                              aria-label={`Delete ${c.name}`}
                            >
                              Delete
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
        {remove.isSuccess && !pending && (
          <Alert color="green" variant="light" role="status" withCloseButton onClose={() => remove.reset()}>
            The client was deleted: its tokens no longer work.
          </Alert>
        )}
      </Stack>
      <ConfirmModal
        opened={pending !== null}
        title={pending?.kind === 'rotate' ? `Rotate ${pending.client.name}?` : `Delete ${pending?.client.name ?? ''}?`}
        confirmLabel={pending?.kind === 'rotate' ? 'Rotate' : 'Delete'}
        color={pending?.kind === 'rotate' ? 'blue' : 'red'}
        busy={busy}
        error={rotate.error ?? remove.error}
        onConfirm={confirm}
        onClose={() => {
          if (!busy) {
            setPending(null);
            rotate.reset();
            remove.reset();
          }
        }}
      >
        <Text size="sm">
          {pending?.kind === 'rotate'
            ? 'The client gets a new id and secret, shown once. Its current id, secret and tokens stop working at once: update your system straight after.'
            : 'The client and its tokens stop working at once. This cannot be undone.'}
        </Text>
      </ConfirmModal>
    </Card>
  );
}
