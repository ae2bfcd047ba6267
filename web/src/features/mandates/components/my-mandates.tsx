import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { MandateView } from '@shared/api/mandates';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useMyMandates, useRevokeMandate } from '../api/my-mandates';
import { formatLimit, STATE_COLORS, stateLabel } from './mandate-format';

function MandateCard({ mandate }: { mandate: MandateView }) {
  const revoke = useRevokeMandate();
  const label = stateLabel(mandate);
  const revocable = mandate.state === 'issued' || mandate.state === 'claimed';
  return (
    <Card withBorder radius="md" padding="md" data-testid="my-mandate" aria-label={`Mandate ${mandate.number}`} component="article">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} ff="monospace">
            {mandate.number}
          </Text>
          <Badge variant="light" color={STATE_COLORS[label]} data-testid="my-mandate-state">
            {label}
          </Badge>
        </Group>
        <Text size="sm">
          {mandate.org_name} ({mandate.payee_key}): up to {formatLimit(mandate.max_monthly)} a month until {mandate.last_month}
        </Text>
        {mandate.used_month && <Text size="sm" c="dimmed">Used for a deduction starting {mandate.used_month}.</Text>}
        {revoke.isError && <ErrorAlert error={revoke.error} title="Not revoked" />}
        {revocable && (
          <Group>
            <Button variant="default" color="red" size="xs" onClick={() => revoke.mutate(mandate.number)} loading={revoke.isPending} aria-label={`Revoke mandate ${mandate.number}`}>
              Revoke
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The employee's mandates with their states; one not yet used can be revoked. */
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
      {mandates.map((m) => <MandateCard key={m.number} mandate={m} />)}
      {list.hasNextPage && (
        <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="my-mandates-more">
          Load more mandates
        </Button>
      )}
    </Stack>
  );
}
