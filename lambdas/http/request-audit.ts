import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { logger } from '#lib/powertools.js';
import type { RouteDef } from '#shared/routes/index.js';
import type { ApiEvent, ApiResult } from './api-event.js';
import type { RequestCaller } from './caller.js';
import { clientAddress } from './client-address.js';

const outcomeOf = (status: number) => (status < 400 ? 'ok' : status < 500 ? 'refused' : 'failed');

function errorCodeOf(response: ApiResult): string | null {
  if ((response.statusCode ?? 200) < 400 || typeof response.body !== 'string') return null;
  try {
    const code = (JSON.parse(response.body) as { error?: unknown }).error;
    return typeof code === 'string' ? code.slice(0, 80) : null;
  } catch {
    return null;
  }
}

/**
 * One audit entry per state-changing request: who (user, email, roles, the organisation they acted for), what (the
 * route and the path it was called on), when, and how it ended (status and error code). The body is
 * never copied: it may hold personal data, and the feature's own entry records what changed.
 * The caller is as the request's access check read the directory.
 * A failure to record is logged as an error (an alarm in AWS), not turned into a failed request
 * whose change was already made.
 */
export async function recordRequest(route: RouteDef, event: ApiEvent, response: ApiResult, caller: RequestCaller): Promise<void> {
  const status = response.statusCode ?? 200;
  try {
    const staff = caller.signedIn && !('employee' in caller) ? caller : null;
    const orgIds = staff ? [...new Set(staff.grants.map((g) => g.orgId))] : [];
    await writeAudit({
      actor: staff ?? (caller.signedIn ? { userId: caller.userId, email: null, roles: [] } : null),
      // The organisation the caller acted for; none when they acted as the platform or chose none.
      org_id: staff?.actingOrgId ?? null,
      action: `request.${route.id}`,
      subject: caller.signedIn ? auditSubject[staff ? 'user' : 'employee'](caller.userId) : auditSubject.anonymous,
      outcome: outcomeOf(status),
      details: {
        method: route.method,
        path: (event.rawPath ?? '').slice(0, 300),
        params: event.pathParameters ?? {},
        status,
        error: errorCodeOf(response),
        org_ids: orgIds,
        source_ip: clientAddress(event),
      },
    });
  } catch (error) {
    logger.error('Could not record the request in the audit log', { route: route.id, status, error: error as Error });
  }
}
