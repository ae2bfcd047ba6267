import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatMonth, formatZmw } from '@/lib/format';
import type { MandateView } from '@shared/api/mandates';
import { useMyMandates, useRevokeMandate } from '../api/my-mandates';
import { expiryWords, mandateStatus } from './mandate-format';

/** "Revoke", then a second step that says what revoking does before it is done. */
function RevokeStep({ mandate }: { mandate: MandateView }) {
  const revoke = useRevokeMandate();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Group>
        <Button variant="default" color="red" size="xs" onClick={() => setAsking(true)} aria-label={`Revoke mandate ${mandate.number}`}>
          Revoke
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs" role="group" aria-label={`Confirm revoking mandate ${mandate.number}`} data-testid="revoke-confirm">
      <Text size="sm" fw={600}>
        {`Revoke this mandate? ${mandate.org_name} can then never use it. This cannot be undone.`}
      </Text>
      {revoke.isError && <ErrorAlert error={revoke.error} title="Not revoked" />}
      <Group gap="xs">
        <Button color="red" size="xs" onClick={() => revoke.mutate(mandate.number)} loading={revoke.isPending}>
          Yes, revoke it
        </Button>
        <Button variant="default" size="xs" onClick={() => setAsking(false)} disabled={revoke.isPending}>
          Keep it
        </Button>
      </Group>
    </Stack>
  );
}

function MandateCard({ mandate }: { mandate: MandateView }) {
  const status = mandateStatus(mandate, 'employee');
  const expiry = expiryWords(mandate);
  const revocable = mandate.state === 'issued' || mandate.state === 'claimed';
  return (
    <Card withBorder radius="md" padding="md" data-testid="my-mandate" aria-label={`Mandate ${mandate.number}`} component="article">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={700} ff="monospace">
            {mandate.number}
          </Text>
          <Badge variant="light" color={status.color} data-testid="my-mandate-state" style={{ textTransform: 'none' }} maw="100%">
            {status.label}
          </Badge>
        </Group>
        <Text size="sm">
          {`${mandate.org_name} (${mandate.payee_key}): up to ${formatZmw(mandate.max_monthly)} a month until ${formatMonth(mandate.last_month)}`}
        </Text>
        {expiry && (
          <Text size="sm" c="dimmed" data-testid="my-mandate-expiry">
            {`${expiry} unless the lender claims it.`}
          </Text>
        )}
        {mandate.locked && mandate.state === 'issued' && (
          <Text size="sm" c="dimmed">
            Three wrong PINs were tried, so nobody can claim it. If you still want the loan, give the lender a new mandate.
          </Text>
        )}
        {revocable && <RevokeStep mandate={mandate} />}
      </Stack>
    </Card>
  );
}

/** The employee's mandates with their states; one not yet used can be revoked, once confirmed. */
export function MyMandates() {
  const list = useMyMandates();
  const mandates = list.data?.pages.flatMap((page) => page.mandates) ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-mandates-title">
      <Title order={2} size="h4" id="my-mandates-title">
        Your mandates
      </Title>
      {list.isPending && <Skeleton height={88} aria-label="Loading your mandates" />}
      {list.isError && <ErrorAlert error={list.error} title="Your mandates could not be loaded" />}
      {list.isSuccess && mandates.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="my-mandates-empty">
          You have not given any mandate.
        </Text>
      )}
      {mandates.map((m) => (
        <MandateCard key={m.number} mandate={m} />
      ))}
      {list.hasNextPage && (
        <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="my-mandates-more">
          Load more mandates
        </Button>
      )}
    </Stack>
  );
}
