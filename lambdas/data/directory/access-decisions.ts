import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { conditionOf, conditionsOf, type Updates, updateOf } from '#adapters/dynamo/expressions.js';
import { queryOf, sortKey } from '#adapters/dynamo/queries.js';
import { isConditionFailure, isTransactionConflict, queryAll, queryCount, queryPage } from '#adapters/dynamo/toolkit.js';
import type { Role } from '#shared/roles.js';
import { notificationPut } from '../notifications/outbox.js';
import {
  type AccessRequest,
  type AccessRequestItem,
  accessRequestCodec,
  pendingGuardKey,
  requestKey,
  whenPendingGuard,
  whenRequest,
} from './access-requests.js';
import { memberCodec } from './memberships.js';
import {
  findOrganisationByPayeeKey,
  getOrganisation,
  type Organisation,
  organisationCodec,
  orgKey,
  orgNameGuardKey,
  whenOrganisation,
  whenOrganisationGuard,
} from './organisations.js';

/**
 * Decisions on access requests (access-requests.ts holds the request keys). Added keys:
 * - organisation name guard: pk=ORGKEY#PAYEE#{payee_key} or ORGKEY#NAME#{ORG NAME} sk=ORG, holding org_id.
 *   Written in the same transaction as the organisation it names, so two approvals for the same
 *   payee key (or PMEC name) can never create two organisations: the second is refused
 *   (OrganisationExistsError), since joining an existing organisation is the approver's explicit choice.
 * Access patterns: "requests newest first" Query gsi2 REQUEST descending; "requests of an email"
 * Query gsi1 EMAIL#{email}.
 */
/** A request with its decision, when it has one (the decision's fields are part of the request's codec). */
export type StoredRequest = AccessRequest;

const orgGuardKey = (request: Pick<AccessRequest, 'client_type' | 'payee_key' | 'org_name'>) =>
  request.client_type === 'fi' && request.payee_key ? { pk: `ORGKEY#PAYEE#${request.payee_key}`, sk: 'ORG' } : orgNameGuardKey(request.org_name);

export class DecisionConflictError extends Error {}
/** The organisation this approval would create exists (created by another approval meanwhile). */
export class OrganisationExistsError extends Error {}
/** Another organisation holds the name this approval would give a new one (taken meanwhile). */
export class OrganisationNameTakenError extends Error {}

/** The request changed under this decision: its condition failed, or another decision raced it. */
const isCancelled = (error: unknown) => isConditionFailure(error) || isTransactionConflict(error);

/** Access pattern "requests newest first", one page of up to `limit` after filtering in code. */
export async function listRequests(opts: { status: string | null; q: string; cursor: Record<string, unknown> | undefined; limit: number }) {
  const q = opts.q.toLowerCase();
  const matches = (r: StoredRequest) =>
    (!opts.status || r.status === opts.status) && (!q || [r.email, r.org_name, r.payee_key ?? '', r.full_name ?? ''].some((v) => v.toLowerCase().includes(q)));
  return queryPage(
    {
      TableName: tableName('directory'),
      ...queryOf({ IndexName: 'gsi2', pk: 'REQUEST' }),
      ScanIndexForward: false,
      Limit: 100,
    },
    { limit: opts.limit, start: opts.cursor, read: accessRequestCodec.parse, keep: matches },
  );
}

/** Pending requests, counted (Query with a filter: requests are few). */
export function countPendingRequests(): Promise<number> {
  return queryCount({
    TableName: tableName('directory'),
    ...queryOf<StoredRequest>({ IndexName: 'gsi2', pk: 'REQUEST', filter: conditionsOf<StoredRequest>().is('status', 'pending') }),
  });
}

/** Access pattern "requests of an email" (the User Inspector's access_requests). */
export async function requestsOfEmail(email: string): Promise<StoredRequest[]> {
  const items = await queryAll({
    TableName: tableName('directory'),
    ...queryOf({ IndexName: 'gsi1', pk: `EMAIL#${email}`, sk: sortKey.beginsWith('REQUEST#') }),
  });
  return accessRequestCodec.parseAll(items);
}

/** The organisation a request names, if it exists: by its guard, else (older data) by payee key. */
export async function organisationOfRequest(request: AccessRequest): Promise<Organisation | null> {
  const guard = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: orgGuardKey(request), ConsistentRead: true }));
  if (typeof guard.Item?.org_id === 'string') return getOrganisation(guard.Item.org_id);
  return request.payee_key ? findOrganisationByPayeeKey(request.payee_key) : null;
}

const releaseGuard = (request: AccessRequest) => ({
  Delete: {
    TableName: tableName('directory'),
    Key: pendingGuardKey(request.email),
    ...conditionOf(whenPendingGuard.or(whenPendingGuard.missing('pk'), whenPendingGuard.is('request_id', request.id))),
  },
});

function decideRequest(request: AccessRequest, fields: Updates<AccessRequestItem>, from: AccessRequest['status'] = 'pending') {
  return {
    Update: {
      TableName: tableName('directory'),
      Key: requestKey(request.id),
      ...updateOf(fields, whenRequest.is('status', from)),
    },
  };
}

/**
 * Approves in one transaction: the organisation (created with its guard, or the existing one the
 * approver chose, joined), the approved membership, the request's status and the release of its
 * pending guard. Throws DecisionConflictError when the request is no longer pending, and
 * OrganisationExistsError when the organisation to create was created meanwhile. The role group
 * is the caller's.
 */
export async function approveRequest(
  request: AccessRequest,
  input: { userId: string; role: Role; orgName: string; by: string; existingOrg: Organisation | null },
): Promise<{ org: Organisation; created: boolean }> {
  const now = new Date().toISOString();
  const found = input.existingOrg;
  const org: Organisation = found ?? {
    org_id: randomUUID(),
    org_name: input.orgName,
    client_type: request.client_type,
    payee_key: request.client_type === 'fi' ? request.payee_key : null,
    created_at: now,
  };
  const table = tableName('directory');
  const orgItems = found
    ? [{ ConditionCheck: { TableName: table, Key: orgKey(org.org_id), ...conditionOf(whenOrganisation.exists('pk')) } }]
    : [
        {
          Put: {
            TableName: table,
            Item: { ...orgGuardKey(request), org_id: org.org_id, created_at: now },
            ...conditionOf(whenOrganisationGuard.missing('pk')),
          },
        },
        { Put: { TableName: table, Item: organisationCodec.build(org), ...conditionOf(whenOrganisation.missing('pk')) } },
        // One organisation per name, whatever its kind: the name guard, unless the first guard is it already.
        ...(orgNameGuardKey(org.org_name).pk === orgGuardKey(request).pk
          ? []
          : [
              {
                Put: {
                  TableName: table,
                  Item: { ...orgNameGuardKey(org.org_name), org_id: org.org_id, created_at: now },
                  ...conditionOf(whenOrganisationGuard.missing('pk')),
                },
              },
            ]),
      ];
  const membership = {
    ...{ org_id: org.org_id, org_name: org.org_name, client_type: org.client_type, payee_key: org.payee_key },
    ...{ user_id: input.userId, email: request.email, role: input.role, status: 'approved' as const, is_approved: true },
    ...{ created_at: now, decided_at: now, added_by: input.by, request_id: request.id },
  };
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          ...orgItems,
          { Put: { TableName: table, Item: memberCodec.build(membership) } },
          decideRequest(request, {
            status: 'approved',
            decided_at: now,
            decided_by: input.by,
            role_granted: input.role,
            org_id: org.org_id,
            granted_org_name: org.org_name,
          }),
          releaseGuard(request),
          // The applicant's email, committed with the decision or not at all.
          notificationPut({ kind: 'access_request.decided', request_id: request.id, decision: 'approved' }),
        ],
      }),
    );
  } catch (error) {
    if (!isCancelled(error)) throw error;
    // Another approval created this organisation first: joining it needs the approver's choice.
    if (!found && isConditionFailure(error, 0)) throw new OrganisationExistsError();
    if (!found && orgItems.length === 3 && isConditionFailure(error, 2)) throw new OrganisationNameTakenError();
    throw new DecisionConflictError();
  }
  return { org, created: !found };
}

/** Rejects (note required) and releases the pending guard, so the email may ask again. */
export async function rejectRequest(request: AccessRequest, note: string, by: string): Promise<void> {
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          decideRequest(request, { status: 'rejected', decided_at: new Date().toISOString(), decided_by: by, decision_note: note }),
          releaseGuard(request),
          notificationPut({ kind: 'access_request.decided', request_id: request.id, decision: 'rejected', note }),
        ],
      }),
    );
  } catch (error) {
    if (isCancelled(error)) throw new DecisionConflictError();
    throw error;
  }
}

/**
 * Marks an approved request removed (its access revoked), only if it is still approved: the
 * request stays as the record of the approval. Throws DecisionConflictError otherwise.
 */
export async function markRequestRevoked(request: AccessRequest, by: string): Promise<void> {
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [decideRequest(request, { status: 'removed', revoked_at: new Date().toISOString(), revoked_by: by }, 'approved')],
      }),
    );
  } catch (error) {
    if (isCancelled(error)) throw new DecisionConflictError();
    throw error;
  }
}

/**
 * Deletes the request, and its guard when it holds one (the audit log keeps what it was). Only a
 * pending request holds the guard: a decided one released it, and a newer pending request of the
 * same email may hold it now, which must not stop the old one's removal.
 */
export async function deleteRequest(request: AccessRequest): Promise<void> {
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName('directory'), Key: requestKey(request.id), ...conditionOf(whenRequest.is('status', request.status)) } },
          // A decided request released its guard; the email's guard may now be a newer request's.
          ...(request.status === 'pending' ? [releaseGuard(request)] : []),
        ],
      }),
    );
  } catch (error) {
    if (isCancelled(error)) throw new DecisionConflictError();
    throw error;
  }
}
