import { Navigate } from 'react-router-dom';
import { CheckingSession } from '@/components/ui/status-card';
import { useSession } from '@/lib/auth';

/** '/' (and '/home'): to /app when signed in, otherwise to /signin (spec part 1 §2). */
export function RootRedirect() {
  const { session } = useSession();
  if (session.status === 'checking') return <CheckingSession />;
  return <Navigate to={session.status === 'signedIn' ? '/app' : '/signin'} replace />;
}
