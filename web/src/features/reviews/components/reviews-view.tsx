import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { errorMessage } from '@/lib/errors';
import { type BulkDecisionResponse, cleanSearch, REVIEW_MESSAGES, type ReviewDecision, SEARCH_MIN_LENGTH, type SubmissionListItem } from '@shared/api/reviews';
import type { Role } from '@shared/roles';
import { useAssign, useDecide, useDecideMany, useOpenFile, useReviewQueue } from '../api/submissions';
import { fileLabel } from '../utils/bulk-failures';
import { actionsFor, decisionsFor, defaultStatusFor, NEWEST_FIRST, nextSort, type RowAction, sortItems, type SortState } from '../utils/review-table';
import { AssignModal } from './assign-modal';
import { BulkBar } from './bulk-bar';
import { BulkResult } from './bulk-result';
import { QueueFooter, RefreshButton } from './queue-controls';
import { RejectModal } from './reject-modal';
import { type FilterChoice, ReviewFilters } from './review-filters';
import { ReviewsTable } from './reviews-table';
import { SignalsDrawer } from './signals-drawer';
import { SubmissionsPanel } from './submissions-panel';

/** Who a rejection is for: one row, or the selection. */
type Rejecting = { kind: 'one'; item: SubmissionListItem } | { kind: 'bulk'; ids: string[] };

/** Spec part 2 §2 "Submission Reviews" (/reviews): super_admin, sys_admin, pmec_admin, compliance. */
export function ReviewsView({ title, roles }: { title: string; roles: readonly Role[] }) {
  const [choice, setChoice] = useState<FilterChoice>(() => ({ search: '', kind: 'all', status: defaultStatusFor(roles), timing: 'all' }));
  const cleaned = cleanSearch(choice.search);
  const [debounced] = useDebouncedValue(cleaned, 300);
  const tooShort = cleaned.length > 0 && cleaned.length < SEARCH_MIN_LENGTH;
  const filters = { status: choice.status, kind: choice.kind, timing: choice.timing, q: debounced.length >= SEARCH_MIN_LENGTH ? debounced : '' };
  const queue = useReviewQueue(filters);
  const [sort, setSort] = useState<SortState>(NEWEST_FIRST);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState<Rejecting | null>(null);
  const [assigning, setAssigning] = useState<SubmissionListItem | null>(null);
  const [bulkResult, setBulkResult] = useState<BulkDecisionResponse | null>(null);
  const [signalsOf, setSignalsOf] = useState<SubmissionListItem | null>(null);

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
          if (decision !== 'reject') failed(error, fileLabel(item));
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
        actions={<RefreshButton queue={queue} />}
      />

      <ReviewFilters
        choice={choice}
        tooShort={tooShort}
        onChange={(name, value) => {
          setChoice((current) => ({ ...current, [name]: value }));
          resetSelection();
        }}
      />

      <BulkBar
        count={selectedIds.length}
        decisions={decisions}
        busy={decideMany.isPending ? (decideMany.variables?.decision ?? null) : null}
        onDecide={onBulk}
        onClear={() => setSelected(new Set())}
      />

      {bulkResult && <BulkResult result={bulkResult} listed={byId} onClose={() => setBulkResult(null)} />}

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
          onOpenSignals={setSignalsOf}
          inFlight={inFlight}
        />
      </SubmissionsPanel>

      <QueueFooter
        shown={items.length}
        hasMore={Boolean(queue.hasNextPage)}
        loadingMore={queue.isFetchingNextPage}
        onLoadMore={() => void queue.fetchNextPage()}
      />

      <RejectModal
        subject={
          rejecting === null
            ? null
            : rejecting.kind === 'one'
              ? fileLabel(rejecting.item)
              : `${rejecting.ids.length} selected submission${rejecting.ids.length === 1 ? '' : 's'}`
        }
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
      <SignalsDrawer item={signalsOf} onClose={() => setSignalsOf(null)} />
    </Stack>
  );
}
