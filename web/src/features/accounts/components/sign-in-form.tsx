import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { IconAlertCircle, IconEye, IconEyeOff } from '@tabler/icons-react';
import { Suspense, lazy } from 'react';
import { Link } from 'react-router-dom';
import { preloadSignInFlow, useSignIn } from '../api/sign-in';
import type { SignInInput } from '../api/sign-in-flow';
import { SIGN_IN_MESSAGES } from '../utils/sign-in-error';
import { EmailField } from './email-field';

/** Only an unverified account needs it (and Amplify's resend call with it). */
const ResendVerification = lazy(async () => ({ default: (await import('./resend-verification')).ResendVerification }));

/**
 * Spec part 2 §5: both fields are required, said in one sentence where Cognito's refusals show. A plain
 * rule rather than a zod schema: the sign-in screen loads no schema library before it is usable.
 */
const bothRequired = ({ email, password }: SignInInput): FormErrors => (email.trim() && password ? {} : { form: SIGN_IN_MESSAGES.required });

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
  const form = useForm<SignInInput>({ initialValues: { email: defaultEmail, password: '' }, validate: bothRequired });
  const onSubmit = form.onSubmit(
    (input) => {
      if (!signIn.isPending) signIn.mutate(input);
    },
    () => signIn.reset(),
  );
  const problem = form.errors.form ?? signIn.error?.message;

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

        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        {problem === SIGN_IN_MESSAGES.unverified && (
          <Suspense fallback={null}>
            <Text size="sm">Lost the verification email? We can send you a new link.</Text>
            <ResendVerification email={form.values.email.trim().toLowerCase()} label="Send the code again" />
          </Suspense>
        )}

        <EmailField name="email" {...form.getInputProps('email')} data-autofocus />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          minLength={8}
          {...form.getInputProps('password')}
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
        <Text size="sm" ta="center" c="dimmed" data-testid="employee-door">
          Checking your own deductions as a civil servant?{' '}
          <Anchor component={Link} to="/employee" fw={600}>
            Sign in with your NRC
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
