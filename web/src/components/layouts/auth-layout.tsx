import { Anchor, Center } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AuthFrame } from './auth-frame';

/** The frame of the public account screens: brand, one card, and a way back to sign in. */
export function AuthLayout({ title, children, withSignInLink = true }: { title: string; children: ReactNode; withSignInLink?: boolean }) {
  const footer = withSignInLink && (
    <Center>
      <Anchor component={Link} to="/signin" size="sm">
        Back to sign in
      </Anchor>
    </Center>
  );
  return (
    <AuthFrame title={title} footer={footer}>
      {children}
    </AuthFrame>
  );
}
