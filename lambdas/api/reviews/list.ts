import { ROLE_SETS } from '../../../shared/access.js';
import { cleanSearch, REPORTS_LIMIT, REVIEW_MESSAGES, REVIEWS_PAGE_SIZE, SEARCH_MIN_LENGTH, SUBMISSION_STATUSES, type SubmissionListResponse, type SubmissionStatus } from '../../../shared/api/reviews.js';
import { hasAnyRole, isPlatformAdmin } from '../../../shared/roles.js';
import { listMembershipsOfUser } from '../../data/directory.js';
import { decodeListCursor, encodeListCursor, type ListSource, listSubmissionsPage } from '../../data/review-list.js';
import type { AuthenticatedCaller } from '../../lib/caller.js';
import { BadRequestError, ForbiddenError } from '../../lib/errors.js';
import { listItemView } from './views.js';

export type ListScope = 'reviews' | 'reports';

/**
 * Which screen the list serves. Reviews (/reviews): reviewers see every submission. Reports (/reports):
 * platform admins see every submission, organisation admins (fi_admin, pmec_admin) their organisations'
 * (issue 7). Without `scope`, a reviewer gets the reviews list and an FI admin the reports list (API.md).
 */
function scopeOf(me: AuthenticatedCaller, raw: string | undefined): ListScope {
  const scope = (raw ?? '').trim().toLowerCase();
  if (scope === '') return hasAnyRole(me.roles, ROLE_SETS.reviewers) ? 'reviews' : 'reports';
  if (scope === 'reviews') {
    if (!hasAnyRole(me.roles, ROLE_SETS.reviewers)) throw new ForbiddenError('Submission reviews are for compliance reviewers, PMEC admins and platform admins.');
    return 'reviews';
  }
  if (scope === 'reports') {
    if (!hasAnyRole(me.roles, ROLE_SETS.orgAdmins)) throw new ForbiddenError('Reports are for organisation admins and platform admins.');
    return 'reports';
  }
  throw new BadRequestError('scope must be reviews or reports.', 'invalid_scope');
}

function statusOf(raw: string | undefined): SubmissionStatus | null {
  const status = (raw ?? '').trim().toLowerCase();
  if (status === '' || status === 'all') return null;
  if ((SUBMISSION_STATUSES as readonly string[]).includes(status)) return status as SubmissionStatus;
  throw new BadRequestError('status must be pending, fi_approved, approved, rejected or all.', 'invalid_status');
}

function kindOf(raw: string | undefined): 'inputs' | 'stoppages' | undefined {
  const kind = (raw ?? '').trim().toLowerCase();
  if (kind === '' || kind === 'all') return undefined;
  if (kind === 'inputs' || kind === 'stoppages') return kind;
  throw new BadRequestError('kind must be inputs, stoppages or all.', 'invalid_kind');
}

function searchOf(raw: string | undefined): string | undefined {
  const q = cleanSearch(raw ?? '').toLowerCase();
  if (q === '') return undefined;
  if (q.length < SEARCH_MIN_LENGTH) throw new BadRequestError(REVIEW_MESSAGES.searchTooShort, 'search_too_short');
  return q;
}

function limitOf(raw: string | undefined, scope: ListScope): number {
  if (raw === undefined || raw.trim() === '') return scope === 'reviews' ? REVIEWS_PAGE_SIZE : REPORTS_LIMIT;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > REPORTS_LIMIT) throw new BadRequestError(`limit must be a whole number from 1 to ${REPORTS_LIMIT}.`, 'invalid_limit');
  return limit;
}

/** The index partitions the caller may read: every status (or one), or the caller's organisations. */
async function sourcesOf(me: AuthenticatedCaller, scope: ListScope, status: SubmissionStatus | null): Promise<ListSource[]> {
  if (scope === 'reviews' || isPlatformAdmin(me.roles)) {
    return (status ? [status] : SUBMISSION_STATUSES).map((s) => ({ index: 'gsi1' as const, pk: `STATUS#${s}` }));
  }
  const memberships = await listMembershipsOfUser(me.userId);
  const orgIds = [...new Set(memberships.filter((m) => m.status === 'approved').map((m) => m.org_id))];
  return orgIds.map((id) => ({ index: 'gsi2' as const, pk: `ORG#${id}` }));
}

/** GET /api/submissions?scope=&status=&kind=&q=&cursor=&limit= */
export async function listSubmissions(me: AuthenticatedCaller, query: Record<string, string>): Promise<SubmissionListResponse> {
  const scope = scopeOf(me, query.scope);
  const status = statusOf(query.status);
  const filter = { status: status ?? undefined, kind: kindOf(query.kind), q: searchOf(query.q) };
  const limit = limitOf(query.limit, scope);
  const sources = await sourcesOf(me, scope, status);
  if (sources.length === 0) return { items: [], next_cursor: null };

  const cursor = query.cursor ? decodeListCursor(query.cursor, sources) : null;
  if (query.cursor && !cursor) throw new BadRequestError('This list position is no longer valid. Refresh the list and try again.', 'invalid_cursor');
  const page = await listSubmissionsPage(sources, filter, limit, cursor);
  return { items: page.items.map(listItemView), next_cursor: page.cursor ? encodeListCursor(page.cursor) : null };
}
