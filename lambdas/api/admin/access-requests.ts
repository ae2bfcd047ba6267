import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ONBOARDING_DOC_LABELS, ONBOARDING_DOCS, type OnboardingDoc } from '../../../shared/api/accounts.js';
import {
  ACCESS_DECISION_MESSAGES as M,
  type AccessRequestListQuery,
  type AccessDecisionRequest,
  type AccessDecisionResponse,
  type AccessRequestItem,
  ONBOARDING_LINK_SECONDS,
} from '../../../shared/api/admin.js';
import { approveRequest, DecisionConflictError, deleteRequest, listRequests, rejectRequest, type StoredRequest } from '../../data/access-decisions.js';
import { getAccessRequest } from '../../data/access-requests.js';
import { writeAudit } from '../../data/audit.js';
import { bucketName, s3 } from '../../data/clients.js';
import { addToRole, deleteUser, findUserByEmail } from '../../data/users.js';
import type { AuthenticatedCaller } from '../../lib/caller.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import { logger } from '../../lib/powertools.js';
import { totalLinks, userLinks } from './user-links.js';

const PAGE_SIZE = 50;

export function toItem(r: StoredRequest): AccessRequestItem {
  return {
    id: r.id,
    email: r.email,
    org_name: r.org_name ?? '',
    client_type: r.client_type,
    payee_key: r.payee_key ?? null,
    full_name: r.full_name ?? null,
    requested_role: r.requested_role,
    status: r.status,
    created_at: r.created_at,
    decided_at: r.decided_at ?? null,
    decision_note: r.decision_note ?? null,
    org_id: r.org_id ?? null,
    source: 'access_requests',
    // DynamoDB keeps no map order: documents come in the spec's order.
    documents: (ONBOARDING_DOCS[r.client_type] ?? []).filter((doc) => r.documents?.[doc]),
  };
}

const encodeCursor = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');
function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (key && typeof key === 'object' && !Array.isArray(key) && Object.values(key).every((v) => typeof v === 'string')) return key as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new BadRequestError('The cursor is not valid. Refresh the list.', 'invalid_cursor');
}

/** Spec §7 /admin-list-pending: pending by default; ?status=all (or one status); ?q= searches. */
export async function listAccessRequests(query: AccessRequestListQuery) {
  const page = await listRequests({ status: query.status, q: query.q, cursor: decodeCursor(query.cursor), limit: PAGE_SIZE });
  return { items: page.items.map(toItem), next_cursor: page.next ? encodeCursor(page.next) : null };
}

async function requireRequest(id: string): Promise<StoredRequest> {
  const request = id ? ((await getAccessRequest(id)) as StoredRequest | null) : null;
  if (!request) throw new NotFoundError(M.notFound, 'request_not_found');
  return request;
}

/** Signed links (900 s) to the request's onboarding documents; viewing them is audited. */
export async function accessRequestDocuments(actor: AuthenticatedCaller, id: string) {
  const request = await requireRequest(id);
  const bucket = bucketName('onboarding');
  const items = await Promise.all(
    toItem(request).documents.map(async (doc) => {
      const key = request.documents[doc as OnboardingDoc]!;
      const uploaded = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(() => true, () => false);
      const url = uploaded
        ? await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentType: 'application/pdf', ResponseContentDisposition: 'inline' }), { expiresIn: ONBOARDING_LINK_SECONDS })
        : null;
      return { doc, label: ONBOARDING_DOC_LABELS[doc as OnboardingDoc] ?? doc, url, uploaded };
    }),
  );
  await writeAudit({ actor, action: 'access_request.documents_view', subject: `REQUEST#${request.id}`, outcome: 'ok', details: { email: request.email, documents: items.filter((i) => i.uploaded).map((i) => i.doc) } });
  return { id: request.id, expires_in: ONBOARDING_LINK_SECONDS, items };
}

async function deleteDocuments(request: StoredRequest): Promise<void> {
  const keys = Object.values(request.documents ?? {});
  if (!keys.length) return;
  await s3
    .send(new DeleteObjectsCommand({ Bucket: bucketName('onboarding'), Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }))
    .catch((error: unknown) => logger.warn('Onboarding documents of a removed request were not deleted', { id: request.id, error: String(error) }));
}

const response = (r: Pick<StoredRequest, 'id'>, status: AccessRequestItem['status'], message: string, extra: Partial<AccessDecisionResponse> = {}): AccessDecisionResponse => ({
  ok: true, id: r.id, status, message, org_id: null, kept_auth_user: false, links: null, ...extra,
});

/**
 * Spec §4 "Access request decisions" and §7 /admin-approve. Approve creates (or joins) the
 * organisation, the approved membership and the role group; reject keeps the request with its
 * reason; remove deletes it and then the auth user too, unless the user has other links — then
 * the answer carries kept_auth_user and the links for the inspector.
 */
export async function decideAccessRequest(actor: AuthenticatedCaller, id: string, body: AccessDecisionRequest): Promise<AccessDecisionResponse> {
  const request = await requireRequest(id);
  const subject = `REQUEST#${request.id}`;
  const before = toItem(request);
  const audit = (after: unknown, extra: Record<string, unknown> = {}) =>
    writeAudit({ actor, org_id: (after as { org_id?: string } | null)?.org_id ?? null, action: `access_request.${body.decision}`, subject, outcome: 'ok', details: { note: body.note ?? null, ...extra, before, after } });

  if (body.decision === 'approve') {
    const role = body.role!;
    const user = await findUserByEmail(request.email);
    if (!user || user.sub !== request.user_sub) throw new ConflictError(M.accountGone, 'account_gone');
    if (request.status === 'approved' && request.role_granted === role) {
      await addToRole(user.username, role); // a retry after the group call failed: finish it
      return response(request, 'approved', M.approved, { org_id: request.org_id ?? null });
    }
    if (request.status !== 'pending') throw new ConflictError(M.alreadyDecided, 'already_decided');
    const orgName = body.org_name || request.org_name || request.payee_key || request.email;
    const { org, created } = await decide(() => approveRequest(request, { userId: user.sub, role, orgName, by: actor.email }));
    await addToRole(user.username, role);
    await audit({ ...before, status: 'approved', role_granted: role, org_id: org.org_id }, { org_created: created, org_name: org.org_name });
    return response(request, 'approved', M.approved, { org_id: org.org_id });
  }

  if (body.decision === 'reject') {
    if (request.status !== 'pending') throw new ConflictError(M.alreadyDecided, 'already_decided');
    await decide(() => rejectRequest(request, body.note!, actor.email));
    await audit({ ...before, status: 'rejected', decision_note: body.note });
    return response(request, 'rejected', M.rejected);
  }

  // remove: an approved request is a live membership; that is taken away on the team screen.
  if (request.status === 'approved') throw new ConflictError('This request was approved. Remove the member on the Team Management screen instead.', 'already_decided');
  await decide(() => deleteRequest(request));
  await deleteDocuments(request);
  const links = await userLinks(request.email);
  let deletedUser = false;
  if (links.auth_user && links.user_id && totalLinks(links) === 0) {
    await deleteUser(links.user_id);
    deletedUser = true;
  }
  const kept = Boolean(links.auth_user) && !deletedUser;
  await audit(null, { auth_user_deleted: deletedUser, kept_auth_user: kept, remaining_links: links.counts });
  return response(request, 'removed', kept ? M.removedKept : M.removed, { kept_auth_user: kept, links: kept ? links : null });
}

async function decide<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DecisionConflictError) throw new ConflictError(M.alreadyDecided, 'already_decided');
    throw error;
  }
}
