import type { ZodType } from 'zod';
import type { Access } from './access.js';
import type { BucketKey, TableKey } from './stores.js';
import { ACCOUNT_ROUTES } from './routes/accounts.js';
import { ADMIN_ROUTES } from './routes/admin.js';
import { AUDIT_ROUTES } from './routes/audit.js';
import { FRAUD_ROUTES } from './routes/fraud.js';
import { INSIGHT_ROUTES } from './routes/insight.js';
import { SUBMISSION_ROUTES } from './routes/submissions.js';
import { SYSTEM_ROUTES } from './routes/system.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API route. The CDK stack builds one Lambda per route from this, the local gateway
 * serves it, the web client is typed by it and the authorisation tests are generated from it.
 * A route that is not here does not exist.
 */
export interface RouteDef {
  /** Stable id, used for the Lambda's logical id and in logs: kebab-case verb-noun. */
  id: string;
  method: HttpMethod;
  /** API Gateway path syntax: /api/things/{id} */
  path: string;
  access: Access;
  /** Module under lambdas/ (without extension) exporting `handler`. */
  handler: string;
  /** The tables and buckets (keys of shared/stores.ts) the handler reaches. */
  uses: { tables?: readonly TableKey[]; buckets?: readonly BucketKey[]; userPool?: boolean };
  request?: ZodType;
  response?: ZodType;
  summary: string;
}


/** Every route of the API: one list per feature, each in its own file under shared/routes/. */
export const ROUTES = [...SYSTEM_ROUTES, ...ACCOUNT_ROUTES, ...SUBMISSION_ROUTES, ...FRAUD_ROUTES, ...ADMIN_ROUTES, ...AUDIT_ROUTES, ...INSIGHT_ROUTES] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];

export function routeById(id: RouteId): RouteDef {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return route;
}

/** Matches a concrete path against a route path; returns the path parameters or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/');
  const a = path.split('/');
  if (p.length !== a.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const seg = p[i]!;
    const actual = a[i]!;
    if (seg.startsWith('{') && seg.endsWith('}')) {
      if (!actual) return null;
      try {
        params[seg.slice(1, -1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (seg !== actual) {
      return null;
    }
  }
  return params;
}
