import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconHourglassHigh, IconInfoCircle, IconUserOff } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useLogout, useSession } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { useMe } from '../api/get-me';
import { type PendingState, pendingState } from '../utils/pending-state';
import { InvitationsCard } from './invitations-card';
import { RenewRequestForm } from './renew-request-form';

const HEADINGS: Record<PendingState['kind'], string> = {
  approved: 'Your access is approved',
  waiting: 'Waiting for approval',
  invited: 'An invitation waits for your answer',
  rejected: 'Your access request was rejected',
  removed: 'Your access was removed',
  none: 'No access request yet',
};

function Explanation({ state }: { state: PendingState }) {
  switch (state.kind) {
    case 'approved':
      return <Text>You can use the platform now.</Text>;
    case 'waiting':
      return (
        <Text c="dimmed" size="sm">
          An administrator reviews every access request. You can use the platform as soon as yours is approved.
        </Text>
      );
    case 'invited':
      return (
        <Text c="dimmed" size="sm">
          Accept the invitation above to join that organisation, or decline it.
        </Text>
      );
    case 'rejected':
      return (
        <Stack gap="xs">
          <Text>An administrator rejected your access request{state.at ? ` on ${formatDate(state.at, 'long')}` : ''}.</Text>
          {state.note && (
            <Alert color="red" variant="light" title="The reviewer’s note" data-testid="rejection-note">
              {state.note}
            </Alert>
          )}
        </Stack>
      );
    case 'removed':
      return (
        <Text data-testid="removed-notice">
          You were removed from {state.orgName} on {formatDate(state.at, 'long')}. An administrator of an organisation can invite you again, or you can request
          access below.
        </Text>
      );
    case 'none':
      return (
        <Text c="dimmed" size="sm">
          This account has no access request waiting. Send one below with your organisation’s documents.
        </Text>
      );
  }
}

const ICONS: Record<PendingState['kind'], ReactNode> = {
  approved: <IconCircleCheck size={26} />,
  waiting: <IconHourglassHigh size={26} />,
  invited: <IconHourglassHigh size={26} />,
  rejected: <IconCircleX size={26} />,
  removed: <IconUserOff size={26} />,
  none: <IconInfoCircle size={26} />,
};

/** Spec part 2 §2 "Pending" and §4 "Pending screen": each account sees its own state. */
export function PendingApproval({ email }: { email: string }) {
  const { refresh } = useSession();
  const me = useMe();
  const { logout, loggingOut } = useLogout();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [stillPending, setStillPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const state: PendingState | null = me.data ? pendingState(me.data) : null;
  const request = me.data?.access_request;

  const refreshStatus = async () => {
    setChecking(true);
    setStillPending(false);
    setError(null);
    try {
      // New tokens first (the session stays fresh); the state itself comes from the directory.
      await refresh({ force: true });
      const result = await me.refetch();
      if (result.error) throw result.error;
      if (result.data?.approved) navigate('/app', { replace: true });
      else setStillPending(Boolean(result.data) && pendingState(result.data!).kind === 'waiting');
    } catch (caught) {
      setError(caught);
    } finally {
      setChecking(false);
    }
  };

  const signOut = () => logout().catch(setError);
  const canRenew = state?.kind === 'rejected' || state?.kind === 'removed' || state?.kind === 'none';

  return (
    <Center py="xl">
      <Stack gap="lg" maw={560} w="100%">
        {me.data && <InvitationsCard me={me.data} />}
        <Card withBorder shadow="sm" padding="xl" radius="md" w="100%">
          <Stack gap="md">
            {!state ? (
              <Group gap="sm" role="status">
                <Loader size="sm" />
                <Text c="dimmed">Checking your account…</Text>
              </Group>
            ) : (
              <>
                <ThemeIcon
                  size={48}
                  radius="xl"
                  variant="light"
                  color={state.kind === 'approved' ? 'teal' : state.kind === 'rejected' || state.kind === 'removed' ? 'red' : undefined}
                  aria-hidden
                >
                  {ICONS[state.kind]}
                </ThemeIcon>
                <Title order={1} size="h2">
                  {HEADINGS[state.kind]}
                </Title>
                <Text>
                  Signed in as <strong>{email}</strong>
                </Text>
                <Explanation state={state} />
              </>
            )}
            {stillPending && (
              <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} role="status">
                Still pending review
              </Alert>
            )}
            {error !== null && <ErrorAlert error={error} />}
            {me.error && <ErrorAlert error={me.error} />}
            <Group gap="sm">
              {state?.kind === 'approved' ? (
                <Button component={Link} to="/app">
                  Continue to the platform
                </Button>
              ) : (
                <Button onClick={refreshStatus} loading={checking}>
                  Refresh status
                </Button>
              )}
              <Button variant="default" onClick={signOut} loading={loggingOut}>
                Sign out
              </Button>
            </Group>
            {state?.kind === 'waiting' && (
              <Text size="sm" c="dimmed">
                Not requested access yet?{' '}
                <Anchor component={Link} to="/signup" fw={600}>
                  Request Access
                </Anchor>
              </Text>
            )}
          </Stack>
        </Card>
        {canRenew && (
          <Card withBorder padding="xl" radius="md" w="100%">
            <RenewRequestForm
              initial={{
                clientType: request?.client_type ?? 'fi',
                payeeKey: request?.payee_key ?? '',
                orgName: request?.client_type === 'pmec' ? request.org_name : '',
              }}
              onFiled={() => void me.refetch()}
            />
          </Card>
        )}
      </Stack>
    </Center>
  );
}
