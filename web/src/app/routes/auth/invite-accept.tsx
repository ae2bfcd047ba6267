import { useSearchParams } from 'react-router-dom';
import { InviteAccept } from '@/features/accounts/components/invite-accept';
import { useTakenParam } from '@/lib/take-param';

/**
 * /invite-accept?email= (also /invite): the link of the invite email. The temporary password is typed
 * from the email, never carried in the address; an old link's `code` is taken out of the address unused.
 */
export default function InviteAcceptRoute() {
  const [params] = useSearchParams();
  useTakenParam('code');
  const link = {
    email: (params.get('email') ?? '').trim().toLowerCase(),
    next: params.get('next'),
  };
  return <InviteAccept link={link} />;
}
