import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { BRAND_NAME } from '@/components/ui/brand';
import { VerifyEmailNotice } from '@/features/accounts/components/verify-email-notice';
import { SignInForm } from '@/features/accounts/components/sign-in-form';
import { SignInLayout } from '@/features/accounts/components/sign-in-layout';
import { signInTarget } from '@/features/accounts/utils/sign-in-target';
import { useSession } from '@/lib/auth';

/**
 * /signin: once a session exists, back to where the user came from. The sign-up email's link
 * (?verify=1&email=&code=) confirms the account here first, then the person signs in.
 */
export default function SignInRoute() {
  const { session } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  useDocumentTitle(`Sign in · ${BRAND_NAME}`);
  const email = (params.get('email') ?? '').trim().toLowerCase();
  const verifying = params.get('verify') === '1';
  if (session.status === 'signedIn') return <Navigate to={signInTarget(location.state, location.search)} replace />;
  return (
    <SignInLayout>
      {verifying && <VerifyEmailNotice email={email} code={(params.get('code') ?? '').trim()} />}
      <SignInForm defaultEmail={email} />
    </SignInLayout>
  );
}
