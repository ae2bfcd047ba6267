import { z, type ZodType } from 'zod';
import type { Access } from '../access.js';
import type { BucketAccess, BucketKey, PoolAccess, TableAccess, TableKey } from '../stores.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The features of the platform: one vocabulary for `shared/routes/<feature>.ts`,
 * `shared/api/<feature>.ts`, `lambdas/api/<feature>/` and `web/src/features/<feature>/`.
 */
export const FEATURES = [
  'system',
  'accounts',
  'team',
  'admin',
  'audit',
  'submissions',
  'reviews',
  'fraud',
  'history',
  'dashboard',
  'settings',
  'disputes',
  'employee',
  'portal',
  'register',
  'mandates',
  'payroll',
  'reconciliation',
  'remittances',
  'webhooks',
] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * One API route. The CDK stack builds one Lambda per route from this, the local gateway serves it,
 * the web client and the handler are typed by it, and the authorisation tests are generated from it.
 * A route that is not in the table does not exist.
 */
export interface RouteDef {
  /** Stable kebab-case verb-noun: the Lambda's logical id, the log's route and the handler's file name. */
  id: string;
  feature: Feature;
  method: HttpMethod;
  /** API Gateway path syntax: /api/things/{id} */
  path: string;
  access: Access;
  /**
   * False for a route that acts for no organisation (the caller's own account, invitations, the platform's
   * settings): a member of several organisations may call it before choosing one. Every other route
   * acts for the organisation the caller chose (header `X-Acting-Org`), or answers 409
   * `choose_organisation` to a member of several who chose none.
   */
  actsForOrganisation?: false;
  /**
   * True for a route an organisation's API client (a machine caller with an OAuth2 client-credentials
   * access token) may call, as a caller of its organisation with its role: the same route and object
   * checks. Every route without it refuses a client's token with 403 `client_not_allowed`.
   */
  openToClients?: true;
  /** What a pending account is told when this route refuses it, where the spec has its own words. */
  pendingMessage?: string;
  /**
   * The stores the handler reaches (keys of shared/stores.ts) and what it does with each, in the kinds of
   * shared/stores.ts: its IAM grant is derived from this (infra/grants/). The directory (the caller's roles)
   * and, for a state-changing request, the audit log are implied (`featureRoutes`).
   */
  uses: {
    tables?: { readonly [K in TableKey]?: TableAccess };
    buckets?: { readonly [B in BucketKey]?: BucketAccess<B> };
    /** The staff user pool's operations. */
    userPool?: PoolAccess;
    /** The employees' own user pool's operations. */
    employeePool?: PoolAccess;
    /** Texts people through SNS (from the deployment's origination identity). */
    sendsSms?: boolean;
  };
  /** Path parameters, query string and JSON body: parsed before the handler runs (400 with the first message). */
  params?: ZodType;
  query?: ZodType;
  request?: ZodType;
  response?: ZodType;
  summary: string;
}

/**
 * Declares the routes of one feature, keeping every literal (id, path, schemas) for the types that read
 * them. Every route reaches the directory table (the handler chain reads the caller's roles there), and a
 * state-changing one the audit log (`isStateChanging`): `uses` need not say so.
 */
export function featureRoutes<const F extends Feature>(feature: F) {
  return <const R extends Omit<RouteDef, 'feature'>>(route: R): R & { feature: F } => ({
    ...route,
    feature,
    uses: { ...route.uses, tables: { directory: '', ...(isStateChanging(route) && { audit: '' }), ...route.uses.tables } },
  });
}

/**
 * Requests that can change something: everything but GET. Each is recorded in the audit log
 * (lambdas/http/request-audit.ts), so each may append to it (infra/grants).
 */
export const isStateChanging = (route: Pick<RouteDef, 'method'>): boolean => route.method !== 'GET';

/** The module under lambdas/ (without extension) whose `handler` serves a route. */
export const handlerModule = (route: Pick<RouteDef, 'feature' | 'id'>): string => `api/${route.feature}/handlers/${route.id}`;

/** The names of a path's parameters: '/api/uploads/{id}' → 'id'. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

/** A route without a `params` schema gets its path's parameters as non-empty strings. */
export function pathParamsSchema(path: string): ZodType {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  return z.object(Object.fromEntries(names.map((name) => [name, z.string().min(1)])));
}
