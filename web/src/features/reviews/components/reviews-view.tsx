import { Alert, Button, Card, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { type BulkDecisionResponse, cleanSearch, REVIEW_MESSAGES, type ReviewDecision, SEARCH_MIN_LENGTH, SUBMISSION_STATUSES, type SubmissionListItem, submissionStatusLabel } from '@shared/api/reviews';
import type { Role } from '@shared/roles';
import { PageHeader } from '@/components/ui/page-header';
import { errorMessage } from '@/lib/errors';
import { useAssign, useDecide, useDecideMany, useOpenFile, useReviewQueue } from '../api/submissions';
import { KIND_LABELS } from '../utils/format';
import { actionsFor, decisionsFor, defaultStatusFor, NEWEST_FIRST, nextSort, type RowAction, sortItems, type SortState } from '../utils/review-table';
import { AssignModal } from './assign-modal';
import { BulkBar } from './bulk-bar';
import { RejectModal } from './reject-modal';
import { SubmissionsPanel } from './submissions-panel';
import { ReviewsTable } from './reviews-table';

const STATUS_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...SUBMISSION_STATUSES.map((s) => ({ value: s, label: submissionStatusLabel(s) }))];
const KIND_OPTIONS = [{ value: 'all', label: 'All kinds' }, ...Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))];

const describe = (item: SubmissionListItem) => `${item.org_name ?? item.payee_key} · ${KIND_LABELS[item.doc_kind]} · ${item.upload_month}`;

/** Who a rejection is for: one row, or the selection. */
type Rejecting = { kind: 'one'; item: SubmissionListItem } | { kind: 'bulk'; ids: string[] };

/** Spec part 2 §2 "Submission Reviews" (/reviews): super_admin, sys_admin, pmec_admin, compliance. */
export function ReviewsView({ title, roles }: { title: string; roles: readonly Role[] }) {
  const [search, setSearch] = useState('');
  const cleaned = cleanSearch(search);
  const [debounced] = useDebouncedValue(cleaned, 300);
  const tooShort = cleaned.length > 0 && cleaned.length < SEARCH_MIN_LENGTH;
  const [status, setStatus] = useState(() => defaultStatusFor(roles));
  const [kind, setKind] = useState('all');
  const filters = { status, kind, q: debounced.length >= SEARCH_MIN_LENGTH ? debounced : '' };
  const queue = useReviewQueue(filters);
  const [sort, setSort] = useState<SortState>(NEWEST_FIRST);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  const [assigning, setAssigning] = useState<SubmissionListItem | null>(null);
  const [bulkResult, setBulkResult] = useState<BulkDecisionResponse | null>(null);

  const decide = useDecide();
  const decideMany = useDecideMany();
  const assign = useAssign();
  const openFile = useOpenFile();

  const loaded = useMemo(() => queue.data?.pages.flatMap((p) => p.items) ?? [], [queue.data]);
  const items = useMemo(() => sortItems(loaded, sort), [loaded, sort]);
  const byId = useMemo(() => new Map(loaded.map((i) => [i.id, i])), [loaded]);
  const selectedIds = [...selected].filter((id) => byId.has(id));
  const decisions = decisionsFor(roles);

  const resetSelection = () => {
    setSelected(new Set());
    setBulkResult(null);
  };
  const select = (ids: readonly string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      ids.forEach((id) => (on ? next.add(id) : next.delete(id)));
      return next;
    });

  const done = (message: string) => notifications.show({ color: 'green', message });
  const failed = (error: unknown, subject: string) => notifications.show({ color: 'red', title: subject, message: errorMessage(error), autoClose: 8000 });

  const runDecision = (item: SubmissionListItem, decision: ReviewDecision, note?: string) =>
    decide.mutate(
      { id: item.id, decision, note },
      {
        onSuccess: (answer) => {
          done(answer.message);
          setRejecting(null);
          select([item.id], false);
        },
        onError: (error) => {
          if (decision !== 'reject') failed(error, describe(item));
        },
      },
    );

  const runBulk = (ids: string[], decision: ReviewDecision, note?: string) =>
    decideMany.mutate(
      { ids, decision, note },
      {
        onSuccess: (answer) => {
          setBulkResult(answer);
          setRejecting(null);
          setSelected(new Set(answer.failed.map((f) => f.id)));
        },
        onError: (error) => {
          if (decision !== 'reject') failed(error, `Bulk ${decision}`);
        },
      },
    );

  const onAction = (item: SubmissionListItem, action: RowAction) => {
    if (action === 'reject') {
      decide.reset();
      setRejecting({ kind: 'one', item });
    } else if (action === 'assign') {
      assign.reset();
      setAssigning(item);
    } else runDecision(item, action);
  };

  const onBulk = (decision: ReviewDecision) => {
    setBulkResult(null);
    if (decision === 'reject') {
      decideMany.reset();
      setRejecting({ kind: 'bulk', ids: selectedIds });
    } else runBulk(selectedIds, decision);
  };

  const inFlight =
    decide.isPending && decide.variables
      ? { id: decide.variables.id, what: decide.variables.decision }
      : openFile.isPending && openFile.variables
        ? { id: openFile.variables, what: 'file' as const }
        : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description="Compliance approves or rejects each pending submission; approved ones are assigned to a PMEC admin, who marks them completed. Every decision is recorded."
        actions={
          <Button
            variant="default"
            leftSection={queue.isFetching && !queue.isFetchingNextPage ? <Loader size={14} /> : <IconRefresh size={16} aria-hidden />}
            onClick={() => void queue.refetch()}
            disabled={queue.isFetching}
          >
            {queue.isRefetching && !queue.isFetchingNextPage ? 'Refreshing…' : 'Refresh'}
          </Button>
        }
      />

      <Card withBorder padding="md" radius="md" component="section" aria-label="Filters">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Organisation, payee key, file or organisation id"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              resetSelection();
            }}
            description={tooShort ? REVIEW_MESSAGES.searchTooShort : 'Commas, % and * are ignored.'}
            inputWrapperOrder={['label', 'input', 'description']}
            w={{ base: '100%', sm: 340 }}
          />
          <Select
            label="Kind"
            data={KIND_OPTIONS}
            value={kind}
            onChange={(v) => {
              setKind(v ?? 'all');
              resetSelection();
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 170 }}
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status}
            onChange={(v) => {
              setStatus(v ?? 'all');
              resetSelection();
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 230 }}
          />
        </Group>
      </Card>

      <BulkBar count={selectedIds.length} decisions={decisions} busy={decideMany.isPending ? decideMany.variables?.decision ?? null : null} onDecide={onBulk} onClear={() => setSelected(new Set())} />

      {bulkResult && (
        <Alert
          color={bulkResult.failed.length ? 'orange' : 'green'}
          variant="light"
          title={bulkResult.message}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setBulkResult(null)}
          role="status"
          data-testid="bulk-result"
        >
          {bulkResult.failed.length > 0 ? (
            <Stack gap={4}>
              <Text size="sm">These stay selected:</Text>
              {bulkResult.failed.map((f) => (
                <Text size="sm" key={f.id}>
                  <strong>{byId.get(f.id) ? describe(byId.get(f.id)!) : f.id}</strong>: {f.message}
                </Text>
              ))}
            </Stack>
          ) : (
            <Text size="sm">Every selected submission was updated.</Text>
          )}
        </Alert>
      )}

      <SubmissionsPanel loading={queue.isPending} error={queue.error} empty={items.length === 0} emptyTestId="reviews-empty">
          <ReviewsTable
            items={items}
            sort={sort}
            onSort={(key) => setSort((s) => nextSort(s, key))}
            selected={selected}
            onSelect={select}
            actionsFor={(item) => actionsFor(roles, item)}
            onAction={onAction}
            onOpenFile={(item) => openFile.mutate(item.id, { onError: (error) => failed(error, REVIEW_MESSAGES.linkFailed) })}
            inFlight={inFlight}
          />
      </SubmissionsPanel>

      <Group justify="space-between" mih={36}>
        <Text size="sm" c="dimmed">
          {items.length > 0 && `Showing ${items.length.toLocaleString('en-GB')} submission${items.length === 1 ? '' : 's'}${queue.hasNextPage ? '; more are older.' : '.'}`}
        </Text>
        {queue.hasNextPage && (
          <Button variant="default" onClick={() => void queue.fetchNextPage()} loading={queue.isFetchingNextPage}>
            Load more
          </Button>
        )}
      </Group>

      <RejectModal
        subject={rejecting === null ? null : rejecting.kind === 'one' ? describe(rejecting.item) : `${rejecting.ids.length} selected submission${rejecting.ids.length === 1 ? '' : 's'}`}
        busy={decide.isPending || decideMany.isPending}
        error={rejecting?.kind === 'one' ? decide.error : decideMany.error}
        onReject={(reason) => (rejecting?.kind === 'one' ? runDecision(rejecting.item, 'reject', reason) : runBulk(rejecting?.ids ?? [], 'reject', reason))}
        onClose={() => setRejecting(null)}
      />
      <AssignModal
        item={assigning}
        busy={assign.isPending}
        error={assign.error}
        onAssign={(email) =>
          assigning &&
          assign.mutate(
            { id: assigning.id, email },
            {
              onSuccess: (answer) => {
                done(answer.message);
                setAssigning(null);
              },
            },
          )
        }
        onClose={() => setAssigning(null)}
      />
    </Stack>
  );
}
