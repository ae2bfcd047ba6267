import { Alert, Badge, Code, Group, Stack, Text } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { formatCount, formatDateTime, formatZmw } from '@/lib/format';
import type { ScheduleResponse } from '@shared/api/payroll';

/** The version shown, its hash and whether it is frozen; when the month changed since its last version, what that means. */
export function ScheduleStatus({ schedule }: { schedule: ScheduleResponse }) {
  const { previous } = schedule;
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Text fw={600} size="lg">
          Version {schedule.version}
        </Text>
        {schedule.frozen ? (
          <Badge color="teal" variant="light" leftSection={<IconLock size={12} aria-hidden />}>
            Frozen
          </Badge>
        ) : (
          <Badge color="yellow" variant="light" leftSection={<IconLockOpen size={12} aria-hidden />}>
            Not yet frozen
          </Badge>
        )}
      </Group>
      <Text size="sm">
        SHA-256{' '}
        <Code style={{ wordBreak: 'break-all' }} data-testid="schedule-hash">
          {schedule.hash}
        </Code>
      </Text>
      {schedule.frozen ? (
        <Text size="sm" c="dimmed">
          Frozen {formatDateTime(schedule.frozen_at)} by {schedule.frozen_by}. Each download of this version prints this number and hash.
        </Text>
      ) : previous ? (
        <Alert color="yellow" variant="light" title={`Changed since version ${previous.version}`}>
          Version {previous.version} ({formatCount(previous.lines)} lines, {formatZmw(previous.total)}) was frozen {formatDateTime(previous.frozen_at)}.
          Submissions completed since changed the lines below; the next download freezes version {schedule.version}.
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          The schedule as it stands now. The first download freezes it as version {schedule.version}.
        </Text>
      )}
    </Stack>
  );
}
