import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure } from '#adapters/dynamo/toolkit.js';
import { presignPost } from '#adapters/s3-objects.js';
import {
  CLIENT_TYPES,
  type ClientType,
  ONBOARDING_CONTENT_TYPE,
  ONBOARDING_DOCS,
  ONBOARDING_MAX_BYTES,
  type OnboardingDoc,
  onboardingDocKey,
} from '#shared/api/accounts.js';
import { ACCESS_REQUEST_STATUSES } from '#shared/api/admin.js';
import type { PresignedPost } from '#shared/api/presigned-post.js';
import { ROLES, type Role } from '#shared/roles.js';

/**
 * Access requests in the directory table (spec part 2 §3 "Access request / membership"). Keys:
 * - request:      pk=REQUEST#{id} sk=META; gsi1pk=EMAIL#{email} gsi1sk=REQUEST#{created_at};
 *                 gsi2pk=REQUEST gsi2sk={created_at} (the admin list, newest first)
 * - pending guard: pk=PENDING#{email} sk=REQUEST, holding request_id. Written in the same
 *                 transaction as the request, so an email has at most one pending request;
 *                 whoever decides a request deletes the guard in the decision's transaction.
 * Documents live in the onboarding bucket under requests/{id}/{doc}.pdf; `state_{doc}` on the request
 * records what landed there (set by the bucket's event), so a document without one never arrived.
 * A decision adds who decided, when and what (access-decisions.ts).
 */
/** A file that landed: its first bytes are a PDF's signature (`%PDF-`), or they are not. */
const documentStateSchema = z.enum(['pdf', 'not_pdf']).optional();
export type DocumentState = NonNullable<z.infer<typeof documentStateSchema>>;

const ALL_DOCS = [...ONBOARDING_DOCS.fi, ...ONBOARDING_DOCS.pmec] as const;

// Readers default what the screens always defaulted (a request stored without an organisation name, payee key or name).
const accessRequestSchema = z.object({
  id: z.string(),
  email: z.string(),
  client_type: z.enum(CLIENT_TYPES),
  org_name: z.string().default(''),
  payee_key: z.string().nullable().default(null),
  full_name: z.string().optional(),
  requested_role: z.enum(ROLES),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  created_at: z.string(),
  source: z.literal('access_requests').default('access_requests'),
  user_sub: z.string(),
  /** Object keys in the onboarding bucket, one per required document. */
  documents: z.partialRecord(z.enum(ALL_DOCS), z.string()).default({}),
  ...({
    state_tpin: documentStateSchema,
    state_pacra: documentStateSchema,
    state_application: documentStateSchema,
    state_intro_letter: documentStateSchema,
    state_nrc: documentStateSchema,
  } satisfies Record<`state_${OnboardingDoc}`, typeof documentStateSchema>),
  // The decision (access-decisions.ts).
  decided_at: z.string().optional(),
  decided_by: z.string().optional(),
  decision_note: z.string().optional(),
  role_granted: z.enum(ROLES).optional(),
  org_id: z.string().optional(),
  /** The name of the organisation the approval created or joined (the approver may have typed it). */
  granted_org_name: z.string().optional(),
});
export type AccessRequest = z.output<typeof accessRequestSchema>;
/** The request's item: the record, and what is stamped beside it that no reader reads back (when each document landed, who revoked it). */
export type AccessRequestItem = AccessRequest & { revoked_at?: string; revoked_by?: string } & Partial<Record<`state_${OnboardingDoc}_at`, string>>;
/** The conditions on a request's item. */
export const whenRequest = conditionsOf<AccessRequestItem>();
/** The pending guard of an email: which request holds it, since when. */
interface PendingGuard {
  request_id: string;
  created_at: string;
}
export const whenPendingGuard = conditionsOf<PendingGuard>();

export type NewAccessRequest = Pick<AccessRequest, 'email' | 'client_type' | 'org_name' | 'payee_key' | 'full_name' | 'user_sub'>;

/** How long a presigned POST for one onboarding document stays usable (spec part 2 §9: 900 s default). */

export const requestKey = (id: string) => ({ pk: `REQUEST#${id}`, sk: 'META' });
export const pendingGuardKey = (email: string) => ({ pk: `PENDING#${email}`, sk: 'REQUEST' });
export const accessRequestCodec = defineCodec('access request', accessRequestSchema, (r) => ({
  ...requestKey(r.id),
  gsi1pk: `EMAIL#${r.email}`,
  gsi1sk: `REQUEST#${r.created_at}`,
  gsi2pk: 'REQUEST',
  gsi2sk: r.created_at,
}));

/** The organisation admin role an access request asks for (spec part 2 §7: admin_slot 1). */
export const requestedRoleFor = (clientType: ClientType): Role => (clientType === 'fi' ? 'fi_admin' : 'pmec_admin');

export async function getAccessRequest(id: string): Promise<AccessRequest | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: requestKey(id), ConsistentRead: true }));
  return accessRequestCodec.parse(out.Item);
}

/** Access pattern "pending request of an email": the guard names it. */
export async function getPendingAccessRequest(email: string): Promise<AccessRequest | null> {
  const guard = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: pendingGuardKey(email), ConsistentRead: true }));
  const id = guard.Item?.request_id;
  return typeof id === 'string' ? getAccessRequest(id) : null;
}

/**
 * Stores a pending request and its guard in one transaction. Answers `{ conflict }` with the
 * request already pending for this email (or null if it was decided meanwhile) instead.
 */
export async function createAccessRequest(input: NewAccessRequest): Promise<{ created: AccessRequest } | { conflict: AccessRequest | null }> {
  const id = randomUUID();
  const created_at = new Date().toISOString();
  const documents = Object.fromEntries(ONBOARDING_DOCS[input.client_type].map((doc) => [doc, onboardingDocKey(id, doc)]));
  const request: AccessRequest = {
    ...input,
    id,
    requested_role: requestedRoleFor(input.client_type),
    status: 'pending',
    created_at,
    source: 'access_requests',
    documents,
  };
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName('directory'),
              Item: { ...pendingGuardKey(input.email), request_id: id, created_at },
              ...conditionOf(whenPendingGuard.missing('pk')),
            },
          },
          { Put: { TableName: tableName('directory'), Item: accessRequestCodec.build(request), ...conditionOf(whenRequest.missing('pk')) } },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return { conflict: await getPendingAccessRequest(input.email) };
    throw error;
  }
  return { created: request };
}

/**
 * One presigned POST per document of the request: only its own key, only application/pdf, only
 * 1 byte to 10 MB. S3 enforces all three, so nobody can write beside another request's files.
 */
export async function presignOnboardingUploads(request: Pick<AccessRequest, 'id' | 'client_type'>): Promise<Partial<Record<OnboardingDoc, PresignedPost>>> {
  const docs = ONBOARDING_DOCS[request.client_type];
  const posts = await Promise.all(
    docs.map((doc) => presignPost('onboarding', onboardingDocKey(request.id, doc), ONBOARDING_CONTENT_TYPE, ONBOARDING_MAX_BYTES)),
  );
  return Object.fromEntries(docs.map((doc, i) => [doc, posts[i]!]));
}

/** What landed for one document, as the onboarding bucket's event found it; undefined: nothing yet. */
export const documentState = (request: AccessRequest, doc: OnboardingDoc): DocumentState | undefined => request[`state_${doc}`];

/**
 * Records what landed for one document of a request (the event of its object). Answers false when
 * the request is gone (removed meanwhile): there is nothing to mark. A later upload overwrites the state.
 */
export async function markDocumentState(requestId: string, doc: OnboardingDoc, state: DocumentState): Promise<boolean> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('directory'),
        Key: requestKey(requestId),
        ...updateOf({ [`state_${doc}`]: state, [`state_${doc}_at`]: new Date().toISOString() }, whenRequest.exists('pk')),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
