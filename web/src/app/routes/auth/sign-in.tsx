import { useDocumentTitle } from '@mantine/hooks';
import { Suspense, lazy } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { BRAND_NAME } from '@/components/ui/brand';
import { SignInForm } from '@/features/accounts/components/sign-in-form';
import { SignInLayout } from '@/features/accounts/components/sign-in-layout';
import { signInTarget } from '@/features/accounts/utils/sign-in-target';
import { useSession } from '@/lib/auth';
import { useTakenParam } from '@/lib/take-param';

/** Only the sign-up email's link needs it (and Amplify's confirmation calls with it). */
const VerifyEmailNotice = lazy(async () => ({ default: (await import('@/features/accounts/components/verify-email-notice')).VerifyEmailNotice }));

/**
 * /signin: once a session exists, back to where the user came from. The sign-up email's link
 * (?verify=1&email=&code=) confirms the account here first, then the person signs in; the code leaves the address bar at once.
 */
export default function SignInRoute() {
  const { session } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  useDocumentTitle(`Sign in · ${BRAND_NAME}`);
  const email = (params.get('email') ?? '').trim().toLowerCase();
  const verifying = params.get('verify') === '1';
  const code = useTakenParam('code');
  if (session.status === 'signedIn') return <Navigate to={signInTarget(location.state, location.search)} replace />;
  return (
    <SignInLayout>
      {verifying && (
        <Suspense>
          <VerifyEmailNotice email={email} code={code} />
        </Suspense>
      )}
      <SignInForm defaultEmail={email} />
    </SignInLayout>
  );
}
