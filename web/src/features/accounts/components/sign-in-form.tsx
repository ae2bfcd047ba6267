import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import { useSignIn } from '../api/sign-in';
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
  // The sign-in itself says what is missing or wrong (useSignIn), in the spec's words.
  const form = useForm({ initialValues: { email: defaultEmail, password: '' } });
  const onSubmit = (values: { email: string; password: string }) => {
    if (!signIn.isPending) signIn.mutate(values);
  };

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-labelledby="sign-in-title">
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
      </Stack>
    </form>
  );
}
