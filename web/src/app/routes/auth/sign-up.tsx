import { useState } from 'react';
import { AuthLayout } from '@/components/layouts/auth-layout';
import type { SignUpOutcome } from '@/features/accounts/api/submit-sign-up';
import { SignUpDone } from '@/features/accounts/components/sign-up-done';
import { SignUpForm } from '@/features/accounts/components/sign-up-form';

/** /signup (also /sign-up and /request-access): the Request Access form, then what to do next. */
export default function SignUpRoute() {
  const [outcome, setOutcome] = useState<SignUpOutcome | null>(null);
  if (outcome) {
    return (
      <AuthLayout title="Check your email" withSignInLink={false}>
        <SignUpDone outcome={outcome} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Request Access" withSignInLink={false}>
      <SignUpForm onDone={setOutcome} />
    </AuthLayout>
  );
}
