import { PasswordInput, Stack } from '@mantine/core';
import type { PasswordErrors } from '../utils/password-rules';

export interface PasswordPairProps {
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  errors: PasswordErrors;
  passwordLabel?: string;
  disabled?: boolean;
}

/** A new password and its confirmation (spec part 2 §5: at least 8 characters, both the same). */
export function PasswordPair({ password, confirm, onPasswordChange, onConfirmChange, errors, passwordLabel = 'New password', disabled }: PasswordPairProps) {
  return (
    <Stack gap="sm">
      <PasswordInput
        label={passwordLabel}
        description="At least 8 characters."
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
        error={errors.password}
        withAsterisk
        disabled={disabled}
        visibilityToggleButtonProps={{ 'aria-label': `Show ${passwordLabel.toLowerCase()}` }}
      />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => onConfirmChange(event.currentTarget.value)}
        error={errors.confirm}
        withAsterisk
        disabled={disabled}
        visibilityToggleButtonProps={{ 'aria-label': 'Show confirm password' }}
      />
    </Stack>
  );
}
