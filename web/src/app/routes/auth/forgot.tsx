import { AuthLayout } from '@/components/layouts/auth-layout';
import { ForgotPasswordForm } from '@/features/accounts/components/forgot-password-form';

/** /forgot (also /forgot-password): request a reset link. */
export default function ForgotRoute() {
  return (
    <AuthLayout title="Forgot password">
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
