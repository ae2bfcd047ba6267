import { Alert, Button, Card, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { DISPUTE_STATUSES, DISPUTE_STATUS_LABELS, type DisputeStatus } from '@shared/api/disputes';
import { useDisputes } from '../api/disputes';
import { DisputeDrawer } from './dispute-drawer';
import { DisputeTable } from './dispute-table';
import { OpenDisputeModal } from './open-dispute-modal';

type Filter = DisputeStatus | 'all';
const FILTERS = [{ value: 'all', label: 'All' }, ...DISPUTE_STATUSES.map((s) => ({ value: s, label: DISPUTE_STATUS_LABELS[s] }))];
const asFilter = (raw: string | null): Filter => ((DISPUTE_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as DisputeStatus) : 'all');

/** /disputes: the list with a status filter; opening, answering and deciding in place. ?status= and ?id= are kept in the address. */
export function DisputesView({ title }: { title: string }) {
  const [search, setSearch] = useSearchParams();
  const filter = asFilter(search.get('status'));
  const openId = search.get('id');
  const [opening, setOpening] = useState(false);
  const list = useDisputes(filter);
  const setParam = (name: string, value: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value === null || value === 'all') next.delete(name);
      else next.set(name, value);
      return next;
    });

  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description="Deductions an employee says are for a loan they never took. The lender answers; compliance decides. An upheld dispute marks the deduction on Borrower History."
        actions={
          list.data?.can_open && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpening(true)}>
              Open a dispute
            </Button>
          )
        }
      />
      <Group justify="space-between">
        <SegmentedControl aria-label="Status" value={filter} onChange={(value) => setParam('status', value)} data={FILTERS} />
        {list.isFetching && <Loader size="sm" aria-label="Loading disputes" />}
      </Group>
      {list.error && <ErrorAlert error={list.error} />}
      {list.isPending && !list.error && (
        <Card withBorder padding="xl">
          <Group justify="center">
            <Loader aria-label="Loading disputes" />
          </Group>
        </Card>
      )}
      {list.data && list.data.items.length === 0 && (
        <Alert variant="light" color="gray" title={filter === 'all' ? 'No disputes' : `No ${DISPUTE_STATUS_LABELS[filter].toLowerCase()} disputes`}>
          <Text size="sm">
            {list.data.can_open
              ? 'Open one when an employee reports a deduction they do not recognise.'
              : 'When a deduction of yours is disputed, it appears here for your response.'}
          </Text>
        </Alert>
      )}
      {list.data && list.data.items.length > 0 && <DisputeTable items={list.data.items} onView={(id) => setParam('id', id)} />}
      <OpenDisputeModal opened={opening} onClose={() => setOpening(false)} onOpened={(id) => setParam('id', id)} />
      <DisputeDrawer id={openId} onClose={() => setParam('id', null)} />
    </Stack>
  );
}
