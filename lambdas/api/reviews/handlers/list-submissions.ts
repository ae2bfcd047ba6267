import { decodeListCursor, encodeListCursor, type ListSource, listSubmissionsPage } from '#data/submissions/review-list.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { BadRequestError, ForbiddenError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { organisationsWith, ROLE_SETS, rolesIn } from '#shared/access.js';
import { REPORTS_LIMIT, REVIEWS_PAGE_SIZE, SUBMISSION_STATUSES, type SubmissionListQuery, type SubmissionStatus } from '#shared/api/reviews.js';
import { hasAnyRole, isPlatformAdmin } from '#shared/roles.js';
import * as routes from '#shared/routes/reviews.js';
import { listItemView } from '../views.js';

type ListScope = 'reviews' | 'reports';

/**
 * Which screen the list serves: Reviews (/reviews) for reviewers, Reports (/reports) for organisation
 * admins; `sourcesOf` decides which organisations each shows. Without `scope`, a reviewer gets the reviews list and an FI admin the reports list (API.md).
 */
function scopeOf(me: AuthenticatedCaller, scope: SubmissionListQuery['scope']): ListScope {
  if (scope === undefined) return hasAnyRole(me.roles, ROLE_SETS.reviewers) ? 'reviews' : 'reports';
  if (scope === 'reviews' && !hasAnyRole(me.roles, ROLE_SETS.reviewers))
    throw new ForbiddenError('Submission reviews are for compliance reviewers, PMEC admins and platform admins.');
  if (scope === 'reports' && !hasAnyRole(me.roles, ROLE_SETS.orgAdmins)) throw new ForbiddenError('Reports are for organisation admins and platform admins.');
  return scope;
}

/**
 * The index partitions the caller may read. Every submission (by status): platform admins, and on
 * /reviews the reviewers of a PMEC organisation, who oversee every lender. Otherwise the organisations
 * where the caller holds the list's roles: reviewing roles for /reviews (a compliance member of an FI
 * organisation reviews that organisation only), admin roles for /reports (a data user sees no reports).
 */
function sourcesOf(me: AuthenticatedCaller, scope: ListScope, status: SubmissionStatus | null): ListSource[] {
  const overseesAll = scope === 'reviews' && rolesIn(me, null, { oversight: true }).some((r) => (ROLE_SETS.reviewers as readonly string[]).includes(r));
  if (isPlatformAdmin(me.platformRoles) || overseesAll) {
    return (status ? [status] : SUBMISSION_STATUSES).map((s) => ({ index: 'gsi1' as const, pk: `STATUS#${s}` }));
  }
  const orgIds = organisationsWith(me, scope === 'reviews' ? ROLE_SETS.reviewers : ROLE_SETS.orgAdmins);
  return orgIds.map((id) => ({ index: 'gsi2' as const, pk: `ORG#${id}` }));
}

/** GET /api/submissions?scope=&status=&kind=&timing=&q=&cursor=&limit=: the reviews queue (reviewers: all) and the reports table (organisation admins: their organisation's). */
export const handler = createApiHandler(routes.listSubmissions, async ({ caller: me, query }) => {
  const scope = scopeOf(me, query.scope);
  const filter = { status: query.status ?? undefined, kind: query.kind, late: query.timing === 'late', q: query.q };
  const limit = query.limit ?? (scope === 'reviews' ? REVIEWS_PAGE_SIZE : REPORTS_LIMIT);
  const sources = sourcesOf(me, scope, query.status);
  if (sources.length === 0) return { items: [], next_cursor: null };

  const cursor = query.cursor ? decodeListCursor(query.cursor, sources) : null;
  if (query.cursor && !cursor) throw new BadRequestError('This list position is no longer valid. Refresh the list and try again.', 'invalid_cursor');
  const page = await listSubmissionsPage(sources, filter, limit, cursor);
  return { items: page.items.map(listItemView), next_cursor: page.cursor ? encodeListCursor(page.cursor) : null };
});
