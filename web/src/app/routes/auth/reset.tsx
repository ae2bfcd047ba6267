import { useSearchParams } from 'react-router-dom';
import { ResetPassword } from '@/features/accounts/components/reset-password';
import { useTakenParam } from '@/lib/take-param';

/** /reset?email=&code= (also /reset-password): the link of the reset email; type=signup for account links. The code leaves the address bar at once. */
export default function ResetRoute() {
  const [params] = useSearchParams();
  const code = useTakenParam('code');
  const link = {
    email: (params.get('email') ?? '').trim().toLowerCase(),
    code,
    signup: params.get('type') === 'signup',
  };
  return <ResetPassword link={link} />;
}
