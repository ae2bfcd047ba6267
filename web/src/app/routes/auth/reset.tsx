import { useSearchParams } from 'react-router-dom';
import { ResetPassword } from '@/features/accounts/components/reset-password';

/** /reset?email=&code= (also /reset-password): the link of the reset email; type=signup for account links. */
export default function ResetRoute() {
  const [params] = useSearchParams();
  const link = {
    email: (params.get('email') ?? '').trim().toLowerCase(),
    code: (params.get('code') ?? '').trim(),
    signup: params.get('type') === 'signup',
  };
  return <ResetPassword link={link} />;
}
