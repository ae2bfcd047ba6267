import { createAppClient, deleteAppClient } from '#data/api-clients/app-clients.js';
import {
  type ApiClientRecord,
  ApiClientNameTakenError,
  deleteApiClientRecord,
  listApiClientRecords,
  putApiClientRecord,
  replaceApiClientRecord,
} from '#data/api-clients/records.js';
import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { BadRequestError, ConflictError, NotFoundError } from '#http/errors.js';
import { API_CLIENT_MESSAGES as M, type ApiClient, type ApiClientSecretResponse, clientRoles, MAX_API_CLIENTS } from '#shared/api/api-clients.js';
import { type Role, roleFitsOrganisation, roleNotForOrganisationMessage } from '#shared/roles.js';
import { resolveTeamContext, type TeamContext } from './team-context.js';

/** A client as the screen lists it: never its secret (the platform keeps none). */
export const apiClientView = (r: ApiClientRecord): ApiClient => ({
  client_id: r.client_id,
  name: r.name,
  role: r.role,
  created_at: r.created_at,
  created_by: r.created_by,
  rotated_at: r.rotated_at,
});

/** The organisation the admin acts for, checked on the directory as it is now (as the team's own routes are). */
export const adminContext = (caller: AuthenticatedCaller): Promise<TeamContext> => resolveTeamContext(caller, undefined);

/** 400 for a role a client may not take here: an admin role, or one the organisation's kind does not hold. */
function checkRole(ctx: TeamContext, role: Role): void {
  if (!roleFitsOrganisation(role, ctx.org.client_type))
    throw new BadRequestError(roleNotForOrganisationMessage(ctx.org.org_name, ctx.org.client_type, role), 'role_not_for_organisation');
  if (!clientRoles(ctx.org.client_type).includes(role)) throw new BadRequestError(M.adminRole, 'admin_role');
}

const audited = (caller: AuthenticatedCaller, ctx: TeamContext, action: string, record: ApiClientRecord, details: Record<string, unknown> = {}) =>
  writeAudit({
    actor: caller,
    org_id: ctx.org.org_id,
    action,
    subject: auditSubject.apiClient(record.client_id),
    outcome: 'ok',
    details: { name: record.name, role: record.role, ...details },
  });

/** Creates the app client, then its record; an app client whose record could not be written is deleted again. */
export async function createClient(caller: AuthenticatedCaller, name: string, role: Role): Promise<ApiClientSecretResponse> {
  const ctx = await adminContext(caller);
  checkRole(ctx, role);
  const existing = await listApiClientRecords(ctx.org.org_id);
  if (existing.some((c) => c.name.toLowerCase() === name.toLowerCase())) throw new ConflictError(M.nameTaken(name), 'name_taken');
  if (existing.length >= MAX_API_CLIENTS) throw new ConflictError(M.tooMany, 'too_many_clients');
  const { clientId, clientSecret } = await createAppClient(name);
  const record: ApiClientRecord = {
    client_id: clientId,
    org_id: ctx.org.org_id,
    org_name: ctx.org.org_name,
    client_type: ctx.org.client_type,
    payee_key: ctx.org.payee_key,
    name,
    role,
    created_at: new Date().toISOString(),
    created_by: caller.email,
    rotated_at: null,
  };
  try {
    await putApiClientRecord(record);
  } catch (error) {
    await deleteAppClient(clientId);
    if (error instanceof ApiClientNameTakenError) throw new ConflictError(M.nameTaken(name), 'name_taken');
    throw error;
  }
  await audited(caller, ctx, 'api_client.created', record);
  return { client: apiClientView(record), client_id: clientId, client_secret: clientSecret };
}

async function clientOf(ctx: TeamContext, clientId: string): Promise<ApiClientRecord> {
  const record = (await listApiClientRecords(ctx.org.org_id)).find((c) => c.client_id === clientId);
  if (!record) throw new NotFoundError(M.notFound, 'api_client_not_found');
  return record;
}

/**
 * A rotation replaces the app client: Cognito keeps one secret per app client, so a new secret is a new
 * client id. The old record goes in the same write as the new one comes, then the old app client.
 */
export async function rotateClient(caller: AuthenticatedCaller, clientId: string): Promise<ApiClientSecretResponse> {
  const ctx = await adminContext(caller);
  const old = await clientOf(ctx, clientId);
  const fresh = await createAppClient(old.name);
  const next: ApiClientRecord = { ...old, client_id: fresh.clientId, rotated_at: new Date().toISOString() };
  try {
    await replaceApiClientRecord(old, next);
  } catch (error) {
    await deleteAppClient(fresh.clientId);
    throw error;
  }
  await deleteAppClient(old.client_id);
  await audited(caller, ctx, 'api_client.rotated', next, { previous_client_id: old.client_id });
  return { client: apiClientView(next), client_id: fresh.clientId, client_secret: fresh.clientSecret };
}

export async function deleteClient(caller: AuthenticatedCaller, clientId: string): Promise<{ deleted: true; client_id: string }> {
  const ctx = await adminContext(caller);
  const record = await clientOf(ctx, clientId);
  await deleteApiClientRecord(record);
  await deleteAppClient(record.client_id);
  await audited(caller, ctx, 'api_client.deleted', record);
  return { deleted: true, client_id: record.client_id };
}
