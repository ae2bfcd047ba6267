import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { TeamView } from '@/features/team/components/team-view';
import { screenLabel, useSignedInUser } from '@/lib/authorization';

/** /team: organisation admins manage their own organisation; platform admins any, by Org ID. */
export default function TeamRoute() {
  const { me } = useSignedInUser();
  const title = screenLabel('/team');
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return <TeamView title={title} roles={me.roles} userId={me.user_id} />;
}
