import type { RouteDef } from '../routes.js';

/** Submissions (spec part 1): uploads, validation, submit, reviews, history, metrics. */
export const SUBMISSION_ROUTES = [] as const satisfies readonly RouteDef[];
