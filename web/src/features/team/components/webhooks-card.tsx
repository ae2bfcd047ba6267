import { ActionIcon, Alert, Button, Card, Checkbox, Code, CopyButton, Group, Loader, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { formatDate } from '@/lib/format';
import {
  createWebhookRequestSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookEventType,
  type WebhookSecretResponse,
} from '@shared/api/webhooks';
import { useCreateWebhook, useDeleteWebhook, useRotateWebhook, useWebhooks } from '../api/webhooks';
import { TeamErrorAlert } from './team-error-alert';
import { WebhookDeliveries } from './webhook-deliveries';

type Pending = { kind: 'rotate' | 'delete'; webhook: Webhook } | null;

function CreateWebhookForm({ onCreated }: { onCreated: (answer: WebhookSecretResponse) => void }) {
  const create = useCreateWebhook();
  const form = useForm({ initialValues: { url: '', events: [] as WebhookEventType[] }, validate: schemaResolver(createWebhookRequestSchema, { sync: true }) });
  const submit = form.onSubmit((body) => create.mutate(body, { onSuccess: (answer) => (onCreated(answer), form.reset()) }));
  return (
    <form onSubmit={submit} noValidate aria-label="Register a webhook endpoint">
      <Stack gap="sm">
        <TextInput label="Endpoint address" placeholder="https://loans.example.zm/payroll-webhooks" autoComplete="off" {...form.getInputProps('url')} />
        <Checkbox.Group label="Events to receive" {...form.getInputProps('events')}>
          <Group gap="md" mt={6}>
            {WEBHOOK_EVENTS.map((e) => (
              <Checkbox key={e} value={e} label={WEBHOOK_EVENT_LABELS[e]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={create.isPending} leftSection={<IconPlus size={16} aria-hidden />}>
            Register endpoint
          </Button>
        </Group>
        {create.error && <TeamErrorAlert error={create.error} />}
      </Stack>
    </form>
  );
}

/** A new or rotated endpoint's signing secret, shown once. */
function WebhookSecret({ answer, onDone }: { answer: WebhookSecretResponse; onDone: () => void }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconKey size={18} aria-hidden />} title="Signing secret: copy it now" role="status">
      <Stack gap="xs">
        <Text size="sm">
          This is the only time the secret of {answer.webhook.url} is shown. Your system checks each delivery&apos;s signature with it
          (docs/features/integration-guide.md, &quot;Webhooks&quot;).
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code style={{ wordBreak: 'break-all' }} data-testid="webhook-secret">
            {answer.secret}
          </Code>
          <CopyButton value={answer.secret}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy the signing secret'} withArrow>
                <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label="Copy the signing secret">
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            I have stored the secret
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * The organisation's webhook endpoints on /team: each receives the events chosen as signed POSTs, retried
 * for 24 hours; its delivery log opens below it.
 */
export function WebhooksCard() {
  const webhooks = useWebhooks();
  const rotate = useRotateWebhook();
  const remove = useDeleteWebhook();
  const [secret, setSecret] = useState<WebhookSecretResponse | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [open, setOpen] = useState<string | null>(null);
  const busy = rotate.isPending || remove.isPending;
  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'rotate') rotate.mutate(pending.webhook.id, { onSuccess: (answer) => (setSecret(answer), setPending(null)) });
    else remove.mutate(pending.webhook.id, { onSuccess: () => setPending(null) });
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Webhooks">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Webhooks
        </Title>
        <Text size="sm" c="dimmed">
          Let your systems hear of your organisation&apos;s events as they happen: each is posted to your HTTPS endpoint, signed with its secret, and retried
          for 24 hours until your endpoint answers 2xx. Deliveries carry ids and statuses, never an NRC or a name.
        </Text>
        {secret && <WebhookSecret answer={secret} onDone={() => setSecret(null)} />}
        {webhooks.isLoading && (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text c="dimmed">Loading the webhooks…</Text>
          </Group>
        )}
        {webhooks.error && <TeamErrorAlert error={webhooks.error} />}
        {webhooks.data && (
          <>
            <CreateWebhookForm onCreated={setSecret} />
            {webhooks.data.webhooks.length === 0 && (
              <Text c="dimmed" py="sm">
                No endpoints yet.
              </Text>
            )}
            {webhooks.data.webhooks.map((w) => (
              <Card key={w.id} withBorder padding="sm" radius="sm" component="article" aria-label={`Endpoint ${w.url}`}>
                <Stack gap="xs">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Stack gap={2}>
                      <Code>{w.url}</Code>
                      <Text size="xs" c="dimmed">
                        {w.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(' · ')} — since {formatDate(w.created_at)}
                        {w.rotated_at ? `, secret rotated ${formatDate(w.rotated_at)}` : ''}
                      </Text>
                    </Stack>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="light" aria-expanded={open === w.id} onClick={() => setOpen(open === w.id ? null : w.id)}>
                        {open === w.id ? 'Hide deliveries' : 'Deliveries'}
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setPending({ kind: 'rotate', webhook: w })} aria-label={`Rotate secret of ${w.url}`}>
                        Rotate secret
                      </Button>
                      <Button size="xs" variant="light" color="red" onClick={() => setPending({ kind: 'delete', webhook: w })} aria-label={`Delete ${w.url}`}>
                        Delete
                      </Button>
                    </Group>
                  </Group>
                  {open === w.id && <WebhookDeliveries id={w.id} url={w.url} />}
                </Stack>
              </Card>
            ))}
          </>
        )}
      </Stack>
      <ConfirmModal
        opened={pending !== null}
        title={pending?.kind === 'rotate' ? 'Rotate the signing secret?' : 'Delete this endpoint?'}
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
            ? `Deliveries to ${pending.webhook.url} are signed with a new secret, shown once, from now on: update your system straight after.`
            : `Nothing more is delivered to ${pending?.webhook.url ?? ''}, retries included. This cannot be undone.`}
        </Text>
      </ConfirmModal>
    </Card>
  );
}
