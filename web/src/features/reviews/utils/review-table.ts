import { ASSIGNABLE_STATUS, DECISION_RULES, type ReviewDecision, type SubmissionListItem } from '@shared/api/reviews';
import { hasAnyRole, type Role } from '@shared/roles';

export type RowAction = ReviewDecision | 'assign';

export interface SortState {
  key: 'created_at' | 'status' | 'org_name' | 'payee_key' | 'upload_month' | 'doc_kind' | 'row_count' | 'assigned_to_email';
  direction: 'asc' | 'desc';
}

export const NEWEST_FIRST: SortState = { key: 'created_at', direction: 'desc' };

/** The decisions these roles may take at all (the same rules the server enforces, shared/api/submissions.ts). */
export function decisionsFor(roles: readonly Role[]): ReviewDecision[] {
  return (Object.keys(DECISION_RULES) as ReviewDecision[]).filter((d) => hasAnyRole(roles, DECISION_RULES[d].roles as readonly Role[]));
}

/** The actions offered on one row: its status allows them and the roles may take them (spec part 2 §4). */
export function actionsFor(roles: readonly Role[], item: Pick<SubmissionListItem, 'status'>): RowAction[] {
  const out: RowAction[] = decisionsFor(roles).filter((d) => DECISION_RULES[d].from === item.status);
  // Assignment sits between approval and completion.
  if (item.status === ASSIGNABLE_STATUS) out.splice(out.indexOf('complete') === -1 ? out.length : out.indexOf('complete'), 0, 'assign');
  return out;
}

/** What the actions cell says when there is nothing for this reviewer to do. */
export function waitingFor(status: string): string {
  if (status === 'pending') return 'Awaiting compliance';
  if (status === 'fi_approved') return 'Awaiting PMEC';
  return '—';
}

/** The status filter a reviewer starts with: the rows waiting for them. */
export function defaultStatusFor(roles: readonly Role[]): string {
  const decisions = decisionsFor(roles);
  if (decisions.includes('approve') && decisions.includes('complete')) return 'all';
  if (decisions.includes('complete')) return 'fi_approved';
  if (decisions.includes('approve')) return 'pending';
  return 'all';
}

/** The loaded rows in the chosen order; ties keep newest first. */
export function sortItems(items: readonly SubmissionListItem[], sort: SortState): SubmissionListItem[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const value = (item: SubmissionListItem) => item[sort.key] ?? '';
  return [...items].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'en', { sensitivity: 'base' });
    return order !== 0 ? sign * order : b.created_at.localeCompare(a.created_at);
  });
}

/** Clicking a column: first by it (dates and counts newest or largest first), then the other way. */
export function nextSort(current: SortState, key: SortState['key']): SortState {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'created_at' || key === 'row_count' ? 'desc' : 'asc' };
}
