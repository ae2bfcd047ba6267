import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconEye, IconEyeOff } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { preloadSignInFlow, useSignIn } from '../api/sign-in';
import { EmailField } from './email-field';

/*
 * The toggle is named by hidden text rather than aria-label, so that "Password" labels only the
 * input (getByLabel matches aria-label too) while screen readers still hear "Show password".
 */
function PasswordToggleIcon({ reveal }: { reveal: boolean }) {
  return (
    <>
      {reveal ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
      <VisuallyHidden>Show password</VisuallyHidden>
    </>
  );
}

/** The sign-in card (spec part 2 §2 "Sign in"); the caller redirects once the session exists. */
export function SignInForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const signIn = useSignIn();
  // The sign-in itself says what is missing or wrong (useSignIn), in the spec's words. Two plain
  // fields: no form library before the first screen.
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!signIn.isPending) signIn.mutate({ email, password });
  };

  return (
    // Amplify's sign-in flows load while the person fills the form in, not before it is usable.
    <form onSubmit={onSubmit} onInput={preloadSignInFlow} onPointerDown={preloadSignInFlow} noValidate aria-labelledby="sign-in-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2" id="sign-in-title">
            Sign in
          </Title>
          <Text c="dimmed" size="sm">
            Use the email address registered for your organisation.
          </Text>
        </Stack>

        {signIn.error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {signIn.error.message}
          </Alert>
        )}

        <EmailField name="email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} data-autofocus />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          minLength={8}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          withAsterisk
          visibilityToggleIcon={PasswordToggleIcon}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': undefined }}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/forgot" size="sm">
            Forgot password?
          </Anchor>
        </Group>

        <Button type="submit" fullWidth size="md" loading={signIn.isPending}>
          Sign in
        </Button>

        <Text size="sm" ta="center" c="dimmed">
          New to the platform?{' '}
          <Anchor component={Link} to="/signup" fw={600}>
            Sign up
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
