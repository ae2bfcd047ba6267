import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconCalendarMonth, IconDownload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { formatDateTime, formatMonth } from '@/lib/format';
import { PAYROLL_MESSAGES, type ScheduleFormat } from '@shared/api/payroll';
import { currentMonth } from '@shared/rules/dates';
import { SCHEDULE_MONTH } from '@shared/rules/payroll-schedule';
import { useDownloadSchedule, useSchedule } from '../api/schedule';
import { LenderTable } from './lender-table';
import { ScheduleStatus } from './schedule-status';

/**
 * /payroll: the month's payroll schedule for the payroll authority and platform admins: totals per lender,
 * the version, its hash and when it was frozen, what changed since the last version, and the downloads
 * (the first freezes the version).
 */
export function PayrollScreen({ title }: { title: string }) {
  // The month is kept in the address (?month=YYYY-MM), so a link opens the same schedule.
  const [search, setSearch] = useSearchParams();
  const asked = search.get('month') ?? '';
  const month = SCHEDULE_MONTH.test(asked) ? asked : currentMonth();
  const setMonth = (next: string) => setSearch({ month: next }, { replace: true });
  const schedule = useSchedule(month);
  const download = useDownloadSchedule();
  const busy = download.isPending;
  const data = schedule.data;
  const drawing = data?.state === 'drawing';
  const empty = data !== undefined && !drawing && data.by_lender.length === 0 && data.changes.length === 0;
  const button = (format: ScheduleFormat, label: string) => (
    <Button
      leftSection={<IconDownload size={16} aria-hidden />}
      variant={format === 'xlsx' ? 'filled' : 'default'}
      onClick={() => download.mutate({ month, format })}
      loading={busy && download.variables?.format === format}
      disabled={busy || !data || empty || drawing}
    >
      {label}
    </Button>
  );
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description="What the payroll deducts for each lender: every line of the month's COMPLETED inputs, less its COMPLETED stoppages, in the layout PMEC loads."
      />
      <Card withBorder padding="lg">
        <Group align="flex-end" justify="space-between" wrap="wrap" gap="md">
          <MonthPickerInput
            label="Payroll month"
            value={`${month}-01`}
            onChange={(value) => value && setMonth(String(value).slice(0, 7))}
            maxDate={`${currentMonth()}-01`}
            valueFormat="MMMM YYYY"
            previousLabel="Previous year"
            nextLabel="Next year"
            leftSection={<IconCalendarMonth size={16} aria-hidden />}
            w={220}
            disabled={busy}
          />
          <Group gap="sm">
            {button('xlsx', 'Download XLSX')}
            {button('csv', 'Download CSV')}
          </Group>
        </Group>
      </Card>
      {download.error && <ErrorAlert error={download.error} title="The download did not start" />}
      {drawing && (
        <Alert
          color="blue"
          variant="light"
          role="status"
          title={`Drawing the ${formatMonth(month)} schedule…`}
          icon={<Loader size="xs" />}
          data-testid="schedule-drawing"
        >
          {data.drawn_at
            ? `Submissions were completed since it was last drawn (${formatDateTime(data.drawn_at)}); the figures below are from then. This page shows the new schedule by itself when it is ready; the downloads wait for it.`
            : 'The schedule is being drawn from the COMPLETED submissions of the month. This page shows it by itself when it is ready; the downloads wait for it.'}
        </Alert>
      )}
      {schedule.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text c="dimmed">Adding up the {formatMonth(month)} schedule…</Text>
        </Group>
      ) : schedule.isError ? (
        <ErrorAlert error={schedule.error} title="The schedule could not be shown" />
      ) : drawing && !data.drawn_at ? null : empty || !data ? (
        <Alert color="gray" variant="light" title={`No schedule for ${formatMonth(month)} yet`}>
          {PAYROLL_MESSAGES.empty(month)}
        </Alert>
      ) : (
        <Card withBorder padding="lg">
          <Stack gap="lg">
            <ScheduleStatus schedule={data} />
            <LenderTable schedule={data} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
