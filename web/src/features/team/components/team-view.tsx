import { Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { mustEnterOrgId } from '@shared/api/team';
import { isUuid } from '@shared/ids';
import type { Role } from '@shared/roles';
import { useTeam } from '../api/team';
import { AddMemberForm } from './add-member-form';
import { ApiClientsCard } from './api-clients-card';
import { MembersTable } from './members-table';
import { OrgPicker } from './org-picker';
import { PlatformLists } from './platform-lists';
import { TeamErrorAlert } from './team-error-alert';
import { WebhooksCard } from './webhooks-card';

/**
 * Spec part 2 §2 "Team Management" (/team). ?org_id= preselects an organisation for platform admins, who
 * also manage the platform admins here (`platformAdmins`, the list /admin/users shows).
 */
export function TeamView({ title, roles, userId, platformAdmins }: { title: string; roles: readonly Role[]; userId: string; platformAdmins: ReactNode }) {
  const platform = mustEnterOrgId(roles);
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('org_id');
  const orgId = platform && fromUrl && isUuid(fromUrl) ? fromUrl.toLowerCase() : null;
  const team = useTeam(orgId, platform);
  const org = team.data?.org;

  return (
    <Stack gap="xl">
      <PageHeader
        title={title}
        description={
          org ? (
            <>
              Organisation: <strong>{org.org_name}</strong> · {org.client_type === 'fi' ? 'FI' : 'PMEC'}
              {org.payee_key ? ` · Payee Key ${org.payee_key}` : ''}
            </>
          ) : (
            'Invite and remove the members of an organisation.'
          )
        }
        actions={
          team.data && (
            <Button
              variant="default"
              leftSection={team.isFetching ? <Loader size={14} /> : <IconRefresh size={16} aria-hidden />}
              onClick={() => void team.refetch()}
              disabled={team.isFetching}
            >
              Refresh
            </Button>
          )
        }
      />
      {platform && <OrgPicker key={orgId ?? 'none'} current={orgId} loading={team.isFetching} onLoad={(id) => setParams({ org_id: id })} />}
      {team.error && <TeamErrorAlert error={team.error} />}
      {team.isLoading && (
        <Card withBorder padding="lg">
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text c="dimmed">Loading the team…</Text>
          </Group>
        </Card>
      )}
      {platform && !orgId && !team.data && (
        <Card withBorder padding="lg">
          <Text c="dimmed">Enter an Org ID and choose Load to manage that organisation's team.</Text>
        </Card>
      )}
      {team.data && org && (
        <>
          <AddMemberForm key={org.org_id} orgId={platform ? org.org_id : null} orgName={org.org_name} grantable={team.data.grantable_roles} />
          <MembersTable
            members={team.data.members}
            declined={team.data.declined_invitations}
            expired={team.data.expired_invitations}
            orgId={platform ? org.org_id : null}
            grantable={team.data.grantable_roles}
            selfId={userId}
          />
          {!platform && <ApiClientsCard />}
          {!platform && <WebhooksCard />}
        </>
      )}
      {platform && <PlatformLists team={team.data} platformAdmins={platformAdmins} />}
    </Stack>
  );
}
