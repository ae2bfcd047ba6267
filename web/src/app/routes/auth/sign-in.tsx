import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useLocation } from 'react-router-dom';
import { BRAND_NAME } from '../../../components/ui/brand';
import { SignInForm } from '../../../features/auth/components/sign-in-form';
import { SignInLayout } from '../../../features/auth/components/sign-in-layout';
import { signInTarget } from '../../../features/auth/utils/sign-in-target';
import { useSession } from '../../../lib/auth';

/** /signin: once a session exists, back to where the user came from. */
export default function SignInRoute() {
  const { session } = useSession();
  const location = useLocation();
  useDocumentTitle(`Sign in · ${BRAND_NAME}`);
  if (session.status === 'signedIn') return <Navigate to={signInTarget(location.state, location.search)} replace />;
  return (
    <SignInLayout>
      <SignInForm />
    </SignInLayout>
  );
}
