import type { z, ZodType } from 'zod';
import { logger } from '#lib/powertools.js';
import { ACCESS_MESSAGES, isAllowed } from '#shared/access.js';
import { isStateChanging, pathParamsSchema, type RouteDef } from '#shared/routes/define.js';
import type { ApiMiddleware } from './api-event.js';
import { actFor, ANONYMOUS, type AuthenticatedCaller, identityFromEvent, requestedOrganisation, resolveCaller, subjectFromEvent } from './caller.js';
import { authoriseClient, clientIdFromEvent } from './client-caller.js';
import { resolveEmployeeCaller } from './employee-caller.js';
import { BadRequestError, ConflictError, ForbiddenError, HttpError, UnauthorizedError } from './errors.js';
import { recordRequest } from './request-audit.js';

export const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

type Decision = { caller: AuthenticatedCaller } | { refusal: HttpError; caller: AuthenticatedCaller };

/**
 * One read of the caller against the route: its access over every role they hold, then the
 * organisation they act for (see `actFor`), then the access again with that organisation's role only.
 * A route that acts for no organisation narrows only to an organisation the caller is a member of.
 */
function decide(route: Pick<RouteDef, 'access' | 'pendingMessage' | 'actsForOrganisation'>, whole: AuthenticatedCaller, requested: string | null): Decision {
  const withoutAccess = (c: AuthenticatedCaller) =>
    c.removedFrom ? ACCESS_MESSAGES.removed(c.removedFrom.orgName, c.removedFrom.at) : (route.pendingMessage ?? ACCESS_MESSAGES.pending);
  const refuse = (c: AuthenticatedCaller) => ({
    caller: c,
    refusal: new ForbiddenError(c.approved ? ACCESS_MESSAGES.role : withoutAccess(c), c.approved ? 'forbidden' : 'not_approved'),
  });
  if (!isAllowed(route.access, whole)) return refuse(whole);
  const acting = actFor(whole, requested);
  if (route.actsForOrganisation === false) return { caller: typeof acting === 'string' ? whole : acting };
  if (acting === 'not_member') return { caller: whole, refusal: new ForbiddenError(ACCESS_MESSAGES.notMemberOf, 'not_acting_member') };
  if (acting === 'choose') {
    const organisations = whole.organisations.map(({ org_id, org_name, client_type, role }) => ({ org_id, org_name, client_type, role }));
    return { caller: whole, refusal: new ConflictError(ACCESS_MESSAGES.chooseOrganisation, 'choose_organisation', { organisations }) };
  }
  if (isAllowed(route.access, acting)) return { caller: acting };
  // A platform admin acting for an organisation is told how to act as the platform again.
  const asPlatform = acting.acting === 'organisation' && whole.platformRoles.length > 0 && isAllowed(route.access, { ...whole, roles: whole.platformRoles });
  return asPlatform ? { caller: acting, refusal: new ForbiddenError(ACCESS_MESSAGES.actingForOrganisation, 'forbidden') } : refuse(acting);
}

/**
 * The caller against the route's access: 401 without a session, 403 without the role. The token says
 * who the caller is; the directory says what they may do (read once per request, remembered briefly by
 * the warm function; a refusal is confirmed on a fresh read). The caller acts for one organisation:
 * the one header `X-Acting-Org` names (403 if they are not its approved member), their only one, or,
 * for a platform admin who names none, the platform; a member of several who names none gets 409
 * `choose_organisation` with the list, on every route that acts for an organisation. Their grants and
 * roles are then that organisation's only, so every later check decides for it alone.
 * A public route reads the caller only when a token came with the request, for the audit record. Sets
 * `context.caller`, also on a refusal, so the audit record names who was refused. An employee route
 * lets in only an employee (401 for anyone else); an employee is refused by every other route like a
 * caller without a session: each user pool's authorizer guards its own routes, and here an employee's
 * token names no staff identity (see `identityFromEvent`). An API client's access token (see
 * lambdas/http/client-caller.ts) is a caller of its organisation with its role, on the routes marked
 * `openToClients` only.
 */
export function authorise(route: Pick<RouteDef, 'access' | 'pendingMessage' | 'actsForOrganisation' | 'openToClients'>): ApiMiddleware {
  return {
    before: async (request) => {
      request.context.caller = ANONYMOUS;
      if (route.access.kind === 'employee') {
        // Only a subject the directory links to the payroll is an employee; anyone else has no session here.
        const subject = subjectFromEvent(request.event);
        const employee = subject ? await resolveEmployeeCaller(subject) : null;
        if (!employee) throw new UnauthorizedError();
        request.context.caller = employee;
        return;
      }
      const identity = identityFromEvent(request.event);
      const requested = requestedOrganisation(request.event);
      // An organisation's API client (a client-credentials access token): only routes open to clients.
      const clientId = identity || route.access.kind === 'public' ? null : clientIdFromEvent(request.event);
      if (clientId) {
        await authoriseClient(route, clientId, requested, (caller) => (request.context.caller = caller));
        return;
      }
      if (route.access.kind === 'public') {
        if (identity) {
          const whole = await resolveCaller(identity);
          const acting = actFor(whole, requested);
          request.context.caller = typeof acting === 'string' ? whole : acting;
        }
        return;
      }
      if (!identity) throw new UnauthorizedError();
      let decision = decide(route, await resolveCaller(identity), requested);
      // A refusal is never decided on a remembered read.
      if ('refusal' in decision) decision = decide(route, await resolveCaller(identity, { fresh: true }), requested);
      request.context.caller = decision.caller;
      if ('refusal' in decision) throw decision.refusal;
    },
  };
}

/**
 * The first problem as a person reads it, with the error code the issue names (`params.code`) or
 * `validation_failed`. Query-string and path schemas write whole sentences; a body issue is prefixed
 * with the field it is about.
 */
function firstProblem(error: z.ZodError, prefixField: boolean): BadRequestError {
  const issue = error.issues[0];
  if (!issue) return new BadRequestError('The request is not valid.', 'validation_failed');
  const named = issue.code === 'custom' && typeof issue.params?.code === 'string' ? issue.params.code : null;
  const where = prefixField && !named && issue.path.length ? `${issue.path.join('.')}: ` : '';
  return new BadRequestError(`${where}${issue.message}`, named ?? 'validation_failed');
}

function parse(schema: ZodType, value: unknown, prefixField = false): unknown {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw firstProblem(parsed.error, prefixField);
  return parsed.data;
}

/** The route's schemas for path parameters, query string and JSON body. Sets `context.input`. */
export function validate(route: Pick<RouteDef, 'path' | 'params' | 'query' | 'request'>): ApiMiddleware {
  const params = route.params ?? pathParamsSchema(route.path);
  return {
    before: (request) => {
      const { pathParameters, queryStringParameters, body } = request.event;
      request.context.input = {
        params: parse(params, pathParameters ?? {}),
        query: route.query ? parse(route.query, queryStringParameters ?? {}) : {},
        body: route.request ? parse(route.request, body ?? {}, true) : undefined,
      };
    },
  };
}

/** Every state-changing request is recorded with how it ended, whatever its outcome. */
export function audit(route: RouteDef): ApiMiddleware {
  const changes = isStateChanging(route);
  const record: NonNullable<ApiMiddleware['after']> = async (request) => {
    if (changes && request.response) await recordRequest(route, request.event, request.response, request.context.caller ?? ANONYMOUS);
  };
  return { after: record, onError: record };
}

/**
 * Turns any failure into the error `@middy/http-error-handler` answers with: `{ error, message }` for
 * what the caller can fix, a generic 500 (logged) for faults. Error middlewares run in reverse order,
 * so this one, used after the error handler, shapes the error before the handler writes it.
 */
export function apiErrors(): ApiMiddleware {
  const exposed = (statusCode: number, body: Record<string, unknown>) =>
    Object.assign(new Error(JSON.stringify(body)), { statusCode, expose: true, headers: { 'cache-control': 'no-store' } });
  return {
    onError: (request) => {
      const error = request.error as (Error & { statusCode?: number; cause?: { package?: string } }) | null;
      if (error instanceof HttpError) {
        request.error = exposed(error.statusCode, { error: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) });
      } else if (error?.cause?.package === '@middy/http-json-body-parser') {
        request.error = exposed(400, { error: 'invalid_json', message: 'Request body must be valid JSON.' });
      } else if (typeof error?.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        request.error = exposed(error.statusCode, { error: 'bad_request', message: error.message || 'The request is not valid.' });
      } else {
        logger.error('Unhandled error', error ?? 'unknown');
        request.error = exposed(500, { error: 'internal', message: 'Something went wrong on our side. Please try again in a moment.' });
      }
    },
  };
}
