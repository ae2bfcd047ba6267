import { AUTH_TRIGGERS, EMPLOYEE_AUTH_TRIGGERS, S3_TRIGGERS, SCHEDULED_JOBS, STREAM_TRIGGERS } from '../definitions.js';
import { grantOf } from './common.js';
import { eventUses, grantOfUses } from './kinds.js';
import { declared, type FunctionGrants, merge, type OwnActions, type TriggerGrantTable } from './model.js';
import { ACTIONS_BY_TRIGGER } from './triggers.js';

const cognitoTriggers = [...Object.values(AUTH_TRIGGERS), ...Object.values(EMPLOYEE_AUTH_TRIGGERS)].map((t) => ({ id: t.functionName, uses: t.uses }));
const reachesStores = ({ uses }: { uses: Parameters<typeof declared>[0] }) => declared(uses).tables.length + declared(uses).buckets.length > 0;

/**
 * Each event function's whole grant, by its id: what its `uses` says, kind by kind (kinds.ts), and its exceptions
 * (triggers.ts); the Cognito triggers that reach a store, by function name.
 */
export const TRIGGER_GRANTS: Record<string, FunctionGrants> = Object.fromEntries(
  [...S3_TRIGGERS, ...STREAM_TRIGGERS, ...SCHEDULED_JOBS, ...cognitoTriggers.filter(reachesStores)].map(({ id, uses }) => {
    const exceptions: OwnActions = (ACTIONS_BY_TRIGGER as TriggerGrantTable as Partial<Record<string, OwnActions>>)[id] ?? {};
    return [id, grantOf(uses, { ...merge(grantOfUses(eventUses(uses)), exceptions), notifies: exceptions.notifies, audits: exceptions.audits })];
  }),
);
