import { Button, Checkbox, Group, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconDownload, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { formatCount, formatDate, formatMonth, formatTime, kindLabel } from '@/lib/format';
import type { SubmissionListItem } from '@shared/api/reviews';
import { type RowAction, type SortState, waitingFor } from '../utils/review-table';
import { SignalsSummary } from './signals-drawer';
import { LateBadge, StatusBadge } from './status-badge';

interface Column {
  key: SortState['key'] | null;
  label: string;
  align?: 'right';
}

const COLUMNS: Column[] = [
  { key: 'created_at', label: 'Submitted' },
  { key: 'status', label: 'Status' },
  { key: 'org_name', label: 'Organisation' },
  { key: 'upload_month', label: 'Month' },
  { key: 'doc_kind', label: 'Kind' },
  { key: 'row_count', label: 'Rows', align: 'right' },
  { key: null, label: 'Signals' },
  { key: null, label: 'File' },
  { key: 'assigned_to_email', label: 'Assigned to' },
  { key: null, label: 'Actions' },
];

function SortHeader({ column, sort, onSort }: { column: Column; sort: SortState; onSort: (key: SortState['key']) => void }) {
  if (!column.key) return <Table.Th>{column.label}</Table.Th>;
  const active = sort.key === column.key;
  const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'} ta={column.align}>
      <UnstyledButton onClick={() => onSort(column.key!)} fw={600} fz="sm" style={{ whiteSpace: 'nowrap' }}>
        <Group gap={4} wrap="nowrap" justify={column.align === 'right' ? 'flex-end' : undefined}>
          {column.label}
          <Icon size={14} stroke={1.6} aria-hidden style={{ opacity: active ? 1 : 0.45 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export interface ReviewsTableProps {
  items: readonly SubmissionListItem[];
  sort: SortState;
  onSort: (key: SortState['key']) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: readonly string[], selected: boolean) => void;
  /** The actions this reviewer may take on a row, in its current state. */
  actionsFor: (item: SubmissionListItem) => RowAction[];
  onAction: (item: SubmissionListItem, action: RowAction) => void;
  onOpenFile: (item: SubmissionListItem) => void;
  onOpenSignals: (item: SubmissionListItem) => void;
  /** The row action or file link in flight, if any. */
  inFlight: { id: string; what: RowAction | 'file' } | null;
}

const ACTION_LABELS: Record<RowAction, { label: string; color?: string; variant: string }> = {
  approve: { label: 'Approve', color: 'green', variant: 'light' },
  reject: { label: 'Reject', color: 'red', variant: 'subtle' },
  assign: { label: 'Assign', variant: 'default' },
  complete: { label: 'Complete', color: 'green', variant: 'light' },
};

/**
 * Spec part 2 §2 "Submission Reviews": sortable columns, row selection, per-row actions and the open-file action.
 * It fits a 1280 px screen whole (badges, signal counts and actions stacked in their cells); narrower, the table
 * scrolls inside its own frame, never the page.
 */
export function ReviewsTable({ items, sort, onSort, selected, onSelect, actionsFor, onAction, onOpenFile, onOpenSignals, inFlight }: ReviewsTableProps) {
  const ids = items.map((i) => i.id);
  const chosen = ids.filter((id) => selected.has(id)).length;
  return (
    <Table.ScrollContainer minWidth={1150}>
      <Table striped highlightOnHover verticalSpacing="sm" fz="sm" data-testid="reviews-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all shown submissions"
                checked={chosen > 0 && chosen === ids.length}
                indeterminate={chosen > 0 && chosen < ids.length}
                onChange={(e) => onSelect(ids, e.currentTarget.checked)}
              />
            </Table.Th>
            {COLUMNS.map((c) => (
              <SortHeader key={c.label} column={c} sort={sort} onSort={onSort} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const label = `${item.org_name ?? item.payee_key} ${kindLabel(item.doc_kind)} ${item.upload_month}`;
            const busy = inFlight?.id === item.id;
            return (
              <Table.Tr
                key={item.id}
                data-testid="review-row"
                data-id={item.id}
                data-status={item.status}
                bg={selected.has(item.id) ? 'var(--mantine-primary-color-light)' : undefined}
              >
                <Table.Td>
                  <Checkbox aria-label={`Select ${label}`} checked={selected.has(item.id)} onChange={(e) => onSelect([item.id], e.currentTarget.checked)} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(item.created_at)}
                  <Text size="xs" c="dimmed">
                    {formatTime(item.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <StatusBadge status={item.status} />
                    {item.late && <LateBadge />}
                  </Stack>
                  {item.status === 'rejected' && item.decision_reason && (
                    <Text size="xs" c="dimmed" lineClamp={2} maw={180} title={item.decision_reason}>
                      {item.decision_reason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td miw={130} title={item.submitted_by_email ? `Submitted by ${item.submitted_by_email}` : undefined}>
                  {item.org_name ?? '—'}
                  <Text size="xs" c="dimmed" ff="monospace">
                    {item.payee_key}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMonth(item.upload_month, 'short')}</Table.Td>
                <Table.Td>{kindLabel(item.doc_kind)}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(item.row_count)}
                </Table.Td>
                <Table.Td>
                  <SignalsSummary item={item} onOpen={onOpenSignals} />
                </Table.Td>
                <Table.Td>
                  <Tooltip label={`${item.file_name}: a download link valid for 60 seconds`} withArrow openDelay={300}>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      onClick={() => onOpenFile(item)}
                      loading={busy && inFlight?.what === 'file'}
                      disabled={busy}
                      aria-label={`Open file ${item.file_name}`}
                    >
                      Open
                    </Button>
                  </Tooltip>
                </Table.Td>
                <Table.Td maw={150}>
                  {item.assigned_to_email ? (
                    <Text size="sm" truncate="end" title={item.assigned_to_email}>
                      {item.assigned_to_email}
                    </Text>
                  ) : (
                    <Text span c="dimmed" size="sm">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="stretch">
                    {actionsFor(item).map((action) => (
                      <Button
                        key={action}
                        size="compact-sm"
                        color={ACTION_LABELS[action].color}
                        variant={ACTION_LABELS[action].variant}
                        disabled={busy}
                        loading={busy && inFlight?.what === action}
                        onClick={() => onAction(item, action)}
                        aria-label={`${ACTION_LABELS[action].label} ${label}`}
                      >
                        {ACTION_LABELS[action].label}
                      </Button>
                    ))}
                    {actionsFor(item).length === 0 && (
                      <Text size="xs" c="dimmed">
                        {waitingFor(item.status)}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
