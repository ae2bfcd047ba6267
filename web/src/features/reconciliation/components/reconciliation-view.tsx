import { Alert, Button, Card, Center, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendarMonth, IconDownload, IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { isApiError } from '@/lib/api-client';
import { useSignedInUser } from '@/lib/authorization';
import { errorMessage } from '@/lib/errors';
import { formatDateTime, formatMonth } from '@/lib/format';
import { currentMonth } from '@shared/rules/dates';
import { RECONCILIATION_STATUSES, type ReconciliationStatus } from '@shared/rules/reconciliation';
import { type ReconciliationFilter, useReconciliation } from '../api/get-reconciliation';
import { reconciliationAudience } from './audience';
import { AwaitingLenders } from './awaiting-lenders';
import { LendersTable } from './lenders-table';
import { LinesTable } from './lines-table';
import { ReconciliationTotals, STATUS_LABELS } from './reconciliation-totals';
import { ReplacementPanel } from './replacement-panel';

/** The 12-month chart is its own chunk: only those who see every lender load it. */
const CollectionChart = lazy(() => import('./collection-chart'));

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...RECONCILIATION_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))];

function Loading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

/** One lender's month: totals, the lines filtered by status and NRC, a page at a time, and the CSV. */
function LenderLines({ filter, setFilter, name }: { filter: ReconciliationFilter; setFilter: (change: Partial<ReconciliationFilter>) => void; name: string }) {
  const [cursors, setCursors] = useState<(string | null)[]>([]);
  const lender = useReconciliation(filter);
  const page = (change: Partial<ReconciliationFilter>) => {
    setCursors([]);
    setFilter({ ...change, cursor: null });
  };
  const download = async () => {
    // The link lives a minute: a fresh one at the moment of the click.
    const fresh = await lender.refetch();
    if (fresh.data?.csv_url) window.location.assign(fresh.data.csv_url);
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="lender-lines-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h3" id="lender-lines-title">{`Lines of ${name}`}</Title>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void download()} disabled={!lender.data}>
            Download CSV
          </Button>
        </Group>
        {lender.isPending ? (
          <Loading label="Loading the lender’s lines" />
        ) : lender.isError ? (
          <ErrorAlert error={lender.error} />
        ) : (
          <>
            <ReconciliationTotals data={lender.data} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label="Status"
                data={STATUS_OPTIONS}
                value={filter.status ?? ''}
                onChange={(value) => page({ status: (value || null) as ReconciliationStatus | null })}
                allowDeselect={false}
              />
              <TextInput
                label="Search by NRC"
                placeholder="e.g. 123456"
                value={filter.nrc}
                onChange={(event) => page({ nrc: event.currentTarget.value })}
                leftSection={<IconSearch size={16} aria-hidden />}
              />
            </SimpleGrid>
            <LinesTable lines={lender.data.lines} />
            <Group justify="space-between">
              <Button
                variant="default"
                disabled={!cursors.length}
                onClick={() => {
                  const previous = cursors.slice(0, -1);
                  setCursors(previous);
                  setFilter({ cursor: cursors.at(-1) ?? null });
                }}
              >
                Previous page
              </Button>
              <Button
                variant="default"
                disabled={!lender.data.next_cursor}
                onClick={() => {
                  setCursors([...cursors, filter.cursor]);
                  setFilter({ cursor: lender.data.next_cursor });
                }}
              >
                Next page
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** /reconciliation: a month's schedule against what the payroll applied, per lender; lenders see their own payee keys. */
export function ReconciliationView() {
  const [filter, setFilterState] = useState<ReconciliationFilter>({ month: currentMonth(), payeeKey: null, status: null, nrc: '', cursor: null });
  const setFilter = (change: Partial<ReconciliationFilter>) => setFilterState((before) => ({ ...before, ...change }));
  const audience = reconciliationAudience(useSignedInUser().me);
  const month = useReconciliation({ month: filter.month, payeeKey: null, status: null, nrc: '', cursor: null });
  const lenders = month.data?.lenders ?? [];
  const chosen = filter.payeeKey ?? (lenders.length === 1 ? lenders[0]!.payee_key : null);
  const lenderName = (payeeKey: string) => {
    const lender = lenders.find((entry) => entry.payee_key === payeeKey);
    return lender?.org_name ? `${lender.org_name} (${payeeKey})` : payeeKey;
  };
  const choose = (payeeKey: string | null) => setFilter({ payeeKey, status: null, nrc: '', cursor: null });

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <MonthPickerInput
          label="Month"
          value={`${filter.month}-01`}
          onChange={(value) => value && setFilterState({ month: String(value).slice(0, 7), payeeKey: null, status: null, nrc: '', cursor: null })}
          maxDate={`${currentMonth()}-01`}
          valueFormat="MMMM YYYY"
          previousLabel="Previous year"
          nextLabel="Next year"
          leftSection={<IconCalendarMonth size={16} aria-hidden />}
        />
        <Select
          label="Lender"
          placeholder={lenders.length ? 'Choose a lender' : 'No lenders this month'}
          data={lenders.map((lender) => ({ value: lender.payee_key, label: `${lender.org_name ?? 'Lender'} (${lender.payee_key})` }))}
          value={chosen}
          onChange={choose}
          disabled={!lenders.length}
          searchable
        />
      </SimpleGrid>
      {month.isPending ? (
        <Loading label="Loading the month’s reconciliation" />
      ) : month.isError ? (
        isApiError(month.error, 404) ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title={`Nothing to reconcile for ${formatMonth(filter.month)} yet`}>
            {errorMessage(month.error)}
          </Alert>
        ) : (
          <ErrorAlert error={month.error} />
        )
      ) : (
        <>
          <Text
            c="dimmed"
            size="sm"
          >{`Schedule version ${month.data.schedule_version} · applied file submitted ${formatDateTime(month.data.submitted_at)}`}</Text>
          {month.data.awaiting.length > 0 && <AwaitingLenders lenders={month.data.awaiting} />}
          {lenders.length > 1 && (
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="all-lenders-title">
              <Stack gap="md">
                <Title order={2} size="h3" id="all-lenders-title">
                  All lenders
                </Title>
                <ReconciliationTotals data={month.data} />
                <LendersTable lenders={lenders} onChoose={choose} />
              </Stack>
            </Card>
          )}
          {chosen && <LenderLines key={`${filter.month}-${chosen}`} filter={{ ...filter, payeeKey: chosen }} setFilter={setFilter} name={lenderName(chosen)} />}
          {!lenders.length && !month.data.awaiting.length && <Text c="dimmed">No lender of yours was on this month’s schedule or in the applied file.</Text>}
          {audience.seesReplacement && <ReplacementPanel key={filter.month} month={filter.month} mayDecide={audience.mayDecide} />}
        </>
      )}
      {audience.seesEveryLender && (
        <Suspense fallback={<Loading label="Loading the collection-rate chart" />}>
          <CollectionChart month={filter.month} />
        </Suspense>
      )}
    </Stack>
  );
}
