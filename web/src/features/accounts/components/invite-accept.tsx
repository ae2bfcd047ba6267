import { Alert, Button, Group, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useSession } from '@/lib/auth';
import { isSameOriginPath } from '@/lib/local-path';
import { ACCOUNT_MESSAGES, LINK_MESSAGES, passwordPairSchema } from '@shared/api/accounts';
import { acceptInvite } from '../api/accept-invite';
import { completeInvitePassword, startInviteSignIn } from '../api/cognito';
import { cognitoErrorName, passwordPolicyMessage } from '../utils/account-errors';
import { PasswordPair } from './password-pair';

export interface InviteLink {
  email: string;
  /** Where Continue goes when the page is opened without the invite's details (a same-site path). */
  next: string | null;
}

/** `nothing`: opened signed in, without an invite's details, by someone with no invite waiting. */
type Stage = 'finalizing' | 'awaiting_click' | 'code' | 'ready' | 'done' | 'nothing' | 'error';

/** Spec part 2 §2 "Invite accept" and §4 "Invite flow": finalizing, awaiting_click, ready, done, error. */
export function InviteAccept({ link }: { link: InviteLink }) {
  const { session, signOut, refresh } = useSession();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>('finalizing');
  const form = useForm({ initialValues: { password: '', confirm: '' }, validate: schemaResolver(passwordPairSchema, { sync: true }) });
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [passwordSet, setPasswordSet] = useState(false);
  const [signedOutAs, setSignedOutAs] = useState<string | null>(null);
  /** The temporary password, typed from the invite email (never read from the address). */
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const started = useRef(false);

  /** The membership side: approve the invite, then new tokens so the granted role is in them. */
  const finish = async () => {
    const { accepted } = await acceptInvite();
    await refresh({ force: true });
    setStage(accepted.length > 0 || code ? 'done' : 'nothing');
  };

  useEffect(() => {
    if (session.status === 'checking' || started.current) return;
    started.current = true;
    const hasInvite = Boolean(link.email);
    if (!hasInvite) {
      if (session.status === 'signedIn') finish().catch(() => setStage('error'));
      else setStage(isSameOriginPath(link.next) ? 'awaiting_click' : 'error');
      return;
    }
    (async () => {
      // Whoever is signed in on this browser makes way for the invited person, and is told so.
      if (session.status === 'signedIn') {
        if (session.email.toLowerCase() !== link.email.toLowerCase()) setSignedOutAs(session.email);
        await signOut().catch(() => undefined);
      }
      setStage('code');
    })().catch(() => setStage('error'));
    // Runs once, as soon as the session is known; later session changes are this flow's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link is fixed for the page's life; re-running on finish/signOut would restart the flow
  }, [session.status]);

  /** The challenge session lasts minutes: if it lapsed, sign in with the invite's code again, once. */
  const setNewPassword = async (): Promise<boolean> => {
    try {
      return await completeInvitePassword(form.getValues().password);
    } catch (error) {
      if (cognitoErrorName(error) !== 'NotAuthorizedException') throw error;
      if ((await startInviteSignIn(link.email, code)) !== 'new_password_required') throw error;
      return completeInvitePassword(form.getValues().password);
    }
  };

  /** The temporary password typed: right, the new-password step; wrong or spent, said beside the field. */
  const onCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCodeError(null);
    setFailure(null);
    if (!code.trim()) return setCodeError(ACCOUNT_MESSAGES.temporaryPasswordMissing);
    setWorking(true);
    try {
      const step = await startInviteSignIn(link.email, code.trim());
      if (step === 'new_password_required') setStage('ready');
      else if (step === 'signed_in') await finish();
      else setStage('error');
    } catch (error) {
      if (cognitoErrorName(error) === 'NotAuthorizedException') setCodeError(ACCOUNT_MESSAGES.temporaryPasswordWrong);
      else setFailure(error);
    } finally {
      setWorking(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    // Once the password is saved, only the acceptance is left to try again.
    if (!passwordSet && form.validate().hasErrors) return;
    setWorking(true);
    try {
      if (!passwordSet) {
        if (!(await setNewPassword())) throw new Error('Your password could not be set. Please try again.');
        setPasswordSet(true);
      }
      await finish();
    } catch (error) {
      const policy = passwordPolicyMessage(error);
      if (policy) form.setFieldError('password', policy);
      else if (cognitoErrorName(error) === 'NotAuthorizedException') setStage('error');
      else setFailure(error);
    } finally {
      setWorking(false);
    }
  };

  if (stage === 'finalizing') {
    return (
      <AuthLayout title="Accept invite">
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text>Finalizing your invite…</Text>
        </Group>
      </AuthLayout>
    );
  }
  if (stage === 'awaiting_click') {
    return (
      <AuthLayout title="Accept invite">
        <Text>Your invite is ready. Continue to accept it and set up your account.</Text>
        <Button onClick={() => navigate(link.next!)}>Continue</Button>
      </AuthLayout>
    );
  }
  if (stage === 'error') {
    return (
      <AuthLayout title="Accept invite">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {ACCOUNT_MESSAGES.inviteInvalid}
        </Alert>
        <Text size="sm" c="dimmed">
          Ask the administrator who invited you to send a new invite. If you already set your password, sign in instead.
        </Text>
      </AuthLayout>
    );
  }
  if (stage === 'nothing') {
    return (
      <AuthLayout title="No invite to accept" withSignInLink={false}>
        <Text>{LINK_MESSAGES.noInvite(session.status === 'signedIn' ? session.email : 'you')}</Text>
        <Button component={Link} to="/app">
          Continue to the platform
        </Button>
      </AuthLayout>
    );
  }
  if (stage === 'code') {
    return (
      <AuthLayout title="Accept invite">
        <form onSubmit={onCode} noValidate aria-labelledby="temporary-password-title">
          <Stack gap="md">
            <Title order={2} size="h4" id="temporary-password-title">
              Type your temporary password
            </Title>
            <Text size="sm" c="dimmed">
              You were invited as <strong>{link.email}</strong>. Your invitation email shows a temporary password under the button: type it here.
            </Text>
            {signedOutAs && (
              <Alert color="blue" variant="light" role="status">
                {LINK_MESSAGES.signedOut(signedOutAs)}
              </Alert>
            )}
            {failure !== null && <ErrorAlert error={failure} />}
            <PasswordInput
              label="Temporary password"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={codeError}
              disabled={working}
              data-autofocus
            />
            <Button type="submit" fullWidth loading={working}>
              Continue
            </Button>
          </Stack>
        </form>
      </AuthLayout>
    );
  }
  if (stage === 'done') {
    return (
      <AuthLayout title="You're all set" withSignInLink={false}>
        <Group gap="sm" wrap="nowrap">
          <IconCircleCheck size={22} color="var(--mantine-color-teal-6)" aria-hidden />
          <Text>{passwordSet ? LINK_MESSAGES.passwordSavedInviteAccepted : LINK_MESSAGES.inviteAccepted}</Text>
        </Group>
        <Button component={Link} to="/app">
          Continue to the platform
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Invite Accepted">
      <form onSubmit={onSubmit} noValidate aria-labelledby="create-password-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="create-password-title">
            Create your password
          </Title>
          <Text size="sm" c="dimmed">
            You were invited as <strong>{link.email}</strong>. Choose the password you will sign in with.
          </Text>
          {signedOutAs && (
            <Alert color="blue" variant="light" role="status">
              {LINK_MESSAGES.signedOut(signedOutAs)}
            </Alert>
          )}
          {failure !== null && <ErrorAlert error={failure} />}
          <PasswordPair field={(name) => form.getInputProps(name)} disabled={working || passwordSet} />
          <Button type="submit" fullWidth loading={working}>
            {passwordSet ? 'Try again' : 'Save password'}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
