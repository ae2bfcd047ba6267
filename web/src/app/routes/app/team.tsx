import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { PlatformAdmins } from '@/features/admin/components/platform-admins';
import { TeamView } from '@/features/team/components/team-view';
import { screenLabel, useSignedInUser } from '@/lib/authorization';
import { platformRolesGrantableBy } from '@shared/api/admin';
import { PLATFORM_ROLES } from '@shared/roles';

/**
 * /team: organisation admins manage their own organisation; platform admins any, by Org ID, and the
 * platform admins themselves (spec §6: super_admin adds and removes either role, sys_admin adds sys_admin).
 */
export default function TeamRoute() {
  const { me } = useSignedInUser();
  const title = screenLabel('/team');
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  const removable = me.roles.includes('super_admin') ? PLATFORM_ROLES : [];
  return (
    <TeamView
      title={title}
      roles={me.roles}
      userId={me.user_id}
      platformAdmins={<PlatformAdmins grantable={platformRolesGrantableBy(me.roles)} removable={removable} />}
    />
  );
}
