import { useLocation, useSearchParams } from 'react-router-dom';
import { InviteAccept } from '@/features/accounts/components/invite-accept';

/**
 * The temporary password as written in the link. URLSearchParams would turn a '+' into a space,
 * and Cognito's generated passwords may hold one, so the raw value is decoded without that rule.
 */
function rawParam(search: string, name: string): string {
  const raw = new RegExp(`[?&]${name}=([^&#]*)`).exec(search)?.[1] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** /invite-accept?email=&code= (also /invite): the link of the invite email. */
export default function InviteAcceptRoute() {
  const [params] = useSearchParams();
  const { search } = useLocation();
  const link = {
    email: (params.get('email') ?? '').trim().toLowerCase(),
    code: rawParam(search, 'code'),
    next: params.get('next'),
  };
  return <InviteAccept link={link} />;
}
