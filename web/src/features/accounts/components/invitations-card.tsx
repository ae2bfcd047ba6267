import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { ErrorAlert } from '@/components/ui/error-alert';
import type { MeResponse } from '@shared/api/accounts';
import { PLATFORM_INVITATION_NAME } from '@shared/api/team';
import { ROLE_LABELS } from '@shared/roles';
import { type InvitationTarget, useInvitationDecision } from '../api/invitations';

interface Invitation {
  key: string;
  name: string;
  /** The organisation's kind and payee key, so a person can tell two lenders of similar names apart. */
  facts: string | null;
  role: keyof typeof ROLE_LABELS;
  target: InvitationTarget;
}

const organisationFacts = (m: MeResponse['memberships'][number]) =>
  [m.client_type === 'fi' ? 'FI' : 'PMEC', m.payee_key ? `payee key ${m.payee_key}` : null].filter(Boolean).join(', ');

const invitationsOf = (me: MeResponse): Invitation[] => [
  ...me.memberships
    .filter((m) => m.status === 'invited')
    .map((m) => ({ key: m.org_id, name: m.org_name || 'An organisation', facts: organisationFacts(m), role: m.role, target: { org_id: m.org_id } })),
  ...me.platform_invitations.map((role) => ({ key: role, name: PLATFORM_INVITATION_NAME, facts: null, role, target: { platform_role: role } })),
];

/**
 * The organisations that invited the signed-in person and wait for their answer. Joining another
 * organisation needs the person's consent: nothing changes for them until they accept here.
 */
export function InvitationsCard({ me }: { me: MeResponse }) {
  const decision = useInvitationDecision();
  const invitations = invitationsOf(me);
  if (invitations.length === 0) return null;
  const busy = (key: string, which: 'accept' | 'decline') => decision.isPending && decision.variables?.key === key && decision.variables.decision === which;
  const answer = (i: Invitation, which: 'accept' | 'decline') => decision.mutate({ key: i.key, target: i.target, decision: which });

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="invitations-title" data-testid="invitations-card">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
            <IconMailOpened size={20} />
          </ThemeIcon>
          <Title order={2} size="h4" id="invitations-title">
            {invitations.length === 1 ? 'An invitation waits for you' : `${invitations.length} invitations wait for you`}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Nothing changes for you until you accept. An organisation you join can see what you submit for it.
        </Text>
        {invitations.map((i) => (
          <Group key={i.key} justify="space-between" gap="sm" wrap="wrap" data-testid="invitation">
            <Text>
              <strong>{i.name}</strong>
              {i.facts && ` (${i.facts})`} invites you to join as <strong>{ROLE_LABELS[i.role]}</strong>.
            </Text>
            <Group gap="xs">
              <Button
                onClick={() => answer(i, 'accept')}
                loading={busy(i.key, 'accept')}
                disabled={decision.isPending}
                aria-label={`Accept the invitation from ${i.name}`}
              >
                Accept
              </Button>
              <Button
                variant="default"
                onClick={() => answer(i, 'decline')}
                loading={busy(i.key, 'decline')}
                disabled={decision.isPending}
                aria-label={`Decline the invitation from ${i.name}`}
              >
                Decline
              </Button>
            </Group>
          </Group>
        ))}
        {decision.error && <ErrorAlert error={decision.error} />}
      </Stack>
    </Card>
  );
}
