import { Button, Loader, Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { PageHeader } from '@/components/ui/page-header';
import { usePlatformAdmins } from '../api/platform-admins';
import { PlatformAdmins } from './platform-admins';

/** Spec part 2 §2 "Platform Admins" (/admin/users): adds and removes SYS_ADMIN only. */
export function PlatformAdminsPanel({ title }: { title: string }) {
  const admins = usePlatformAdmins();
  return (
    <Stack gap="xl">
      <PageHeader
        title={title}
        description="Add and remove system administrators (SYS_ADMIN). The last super admin can never be removed."
        actions={
          <Button
            variant="default"
            leftSection={admins.isFetching ? <Loader size={14} /> : <IconRefresh size={16} aria-hidden />}
            onClick={() => void admins.refetch()}
            disabled={admins.isFetching}
          >
            Refresh
          </Button>
        }
      />
      <PlatformAdmins grantable={['sys_admin']} removable={['sys_admin']} framed />
    </Stack>
  );
}
