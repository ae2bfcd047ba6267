import { PasswordInput, Stack } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/** What a form hands each input: value, change handler, error (Mantine's getInputProps). */
export type FieldProps = GetInputPropsReturnType;

export interface PasswordPairProps {
  field: (name: 'password' | 'confirm') => FieldProps;
  passwordLabel?: string;
  disabled?: boolean;
}

/** A new password and its confirmation (spec part 2 §5: at least 8 characters, both the same). */
export function PasswordPair({ field, passwordLabel = 'New password', disabled }: PasswordPairProps) {
  return (
    <Stack gap="sm">
      <PasswordInput
        label={passwordLabel}
        description="At least 8 characters."
        autoComplete="new-password"
        {...field('password')}
        withAsterisk
        disabled={disabled}
        visibilityToggleButtonProps={{ 'aria-label': `Show ${passwordLabel.toLowerCase()}` }}
      />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        {...field('confirm')}
        withAsterisk
        disabled={disabled}
        visibilityToggleButtonProps={{ 'aria-label': 'Show confirm password' }}
      />
    </Stack>
  );
}
