import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useSession } from '@/lib/auth';
import { ACCOUNT_MESSAGES, LINK_MESSAGES, passwordPairSchema } from '@shared/api/accounts';
import { saveResetPassword } from '../api/cognito';
import { isBadCode, isRateLimited, passwordPolicyMessage } from '../utils/account-errors';
import { PasswordPair } from './password-pair';

export interface ResetLink {
  email: string;
  code: string;
  /** A link that finishes creating an account rather than resetting a password. */
  signup: boolean;
}

type Stage = 'loading' | 'invalid' | 'ready' | 'saved';

/** Spec part 2 §2 "Reset" and §4 "Reset flow": loading, link invalid, ready, saved. */
export function ResetPassword({ link }: { link: ResetLink }) {
  const { session, signOut } = useSession();
  const complete = Boolean(link.email && link.code);
  const [stage, setStage] = useState<Stage>(complete ? 'loading' : 'invalid');
  const form = useForm({ initialValues: { password: '', confirm: '' }, validate: schemaResolver(passwordPairSchema, { sync: true }) });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  /** Who was signed in on this browser when the link was opened: they are told they were signed out. */
  const [signedOutAs, setSignedOutAs] = useState<string | null>(null);

  // Preparing: someone still signed in on this browser is signed out, so the new password is what signs in next.
  useEffect(() => {
    if (session.status === 'checking' || !complete) return;
    if (session.status === 'signedIn') {
      setSignedOutAs(session.email);
      void signOut().catch(() => undefined);
      return;
    }
    setStage((current) => (current === 'loading' ? 'ready' : current));
  }, [complete, session, signOut]);

  const onSubmit = async ({ password }: { password: string }) => {
    setSaving(true);
    try {
      await saveResetPassword(link.email, link.code, password);
      setStage('saved');
    } catch (error) {
      if (isBadCode(error)) setStage('invalid');
      else if (passwordPolicyMessage(error)) form.setFieldError('password', passwordPolicyMessage(error)!);
      else if (isRateLimited(error)) setFailure(new Error('Too many attempts. Please wait a few minutes and try again.'));
      else setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const heading = link.signup ? 'Set your password to finish creating your account' : 'Create a new password';
  if (stage === 'loading') {
    return (
      <AuthLayout title={heading}>
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text>Preparing reset…</Text>
        </Group>
      </AuthLayout>
    );
  }
  if (stage === 'invalid') {
    return (
      <AuthLayout title={ACCOUNT_MESSAGES.resetLinkInvalid}>
        <Text>
          {complete ? 'This link has already been used, was replaced by a newer one, or is more than an hour old.' : ACCOUNT_MESSAGES.resetLinkMissing}
        </Text>
        <Button component={Link} to="/forgot">
          Request a new reset link
        </Button>
      </AuthLayout>
    );
  }
  if (stage === 'saved') {
    return (
      <AuthLayout title="Password saved">
        <Text>Your new password is saved. Sign in with it now.</Text>
        <Button component={Link} to={`/signin?email=${encodeURIComponent(link.email)}`}>
          Sign in
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={heading}>
      <form onSubmitCapture={() => setFailure(null)} onSubmit={form.onSubmit(onSubmit)} noValidate aria-label={heading}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            For <strong>{link.email}</strong>. Choose a password of at least 8 characters.
          </Text>
          {signedOutAs && (
            <Alert color="blue" variant="light" role="status">
              {LINK_MESSAGES.signedOut(signedOutAs)}
            </Alert>
          )}
          {failure !== null && <ErrorAlert error={failure} />}
          <PasswordPair field={(name) => form.getInputProps(name)} disabled={saving} />
          <Button type="submit" fullWidth loading={saving}>
            Save password
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            Link not working?{' '}
            <Anchor component={Link} to="/forgot" size="xs">
              Request a new one
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
