import { TextInput, type TextInputProps } from '@mantine/core';

/** The email field of the account forms: required, an email keyboard, the sign-in name by default. */
export function EmailField(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="username" inputMode="email" placeholder="name@institution.co.zm" withAsterisk {...props} />;
}
