import { EMPLOYEE } from '../access.js';
import {
  portalDeductionsResponseSchema,
  portalDisputesResponseSchema,
  portalLookupsResponseSchema,
  reportDeductionRequestSchema,
  reportDeductionResponseSchema,
} from '../api/portal.js';
import { portalUnexpectedResponseSchema, reportUnexpectedRequestSchema, reportUnexpectedResponseSchema } from '../api/unexpected.js';
import { featureRoutes } from './define.js';

/** The employee portal: a signed-in employee's own deductions, who looked them up, and their reports. Always the caller's own NRC. */
const route = featureRoutes('portal');

export const listMyDeductions = route({
  id: 'list-my-deductions',
  method: 'GET',
  path: '/api/employee/deductions',
  access: EMPLOYEE,
  uses: { tables: { history: 'q', submissions: 'r3' }, buckets: { uploads: { results: 'rl' } } },
  response: portalDeductionsResponseSchema,
  summary:
    'Every deduction on the employee’s NRC over the last 12 months: lender, month, installment, state, the signals that concern them, this month’s total.',
});

export const listMyLookups = route({
  id: 'list-my-lookups',
  method: 'GET',
  path: '/api/employee/lookups',
  access: EMPLOYEE,
  uses: { tables: { audit: '1', directory: 'r', history: 'r' } },
  response: portalLookupsResponseSchema,
  summary:
    'Who looked at the employee’s record over the last 12 months (history lookups, fraud registry reads, files and reconciliations that named them): organisation and time, from the audit log.',
});

export const listMyDisputes = route({
  id: 'list-my-disputes',
  method: 'GET',
  path: '/api/employee/disputes',
  access: EMPLOYEE,
  uses: { tables: { submissions: '3' } },
  response: portalDisputesResponseSchema,
  summary: 'The disputes of deductions on the employee’s NRC, whoever opened them, and where each stands.',
});

export const reportMyDeduction = route({
  id: 'report-my-deduction',
  method: 'POST',
  path: '/api/employee/disputes',
  access: EMPLOYEE,
  uses: { tables: { history: 'r', submissions: 'rw', directory: 'a', register: 'rq' }, buckets: { uploads: {}, evidence: { disputes: 'w' } } },
  request: reportDeductionRequestSchema,
  response: reportDeductionResponseSchema,
  summary:
    '“This is not mine”: opens a dispute, marked as opened by the employee, on a deduction on their own NRC (404 otherwise); the lender’s admins are emailed. With a file named, a presigned POST for one photo or PDF (≤ 10 MB) as evidence.',
});

export const listMyUnexpected = route({
  id: 'list-my-unexpected',
  method: 'GET',
  path: '/api/employee/unexpected',
  access: EMPLOYEE,
  uses: { tables: { submissions: 'q' } },
  response: portalUnexpectedResponseSchema,
  summary:
    'Deductions the payroll took from the employee’s pay with no approved line (UNEXPECTED in a month’s reconciliation), each with the report opened on it, if any.',
});

export const reportMyUnexpected = route({
  id: 'report-my-unexpected',
  method: 'POST',
  path: '/api/employee/unexpected/report',
  access: EMPLOYEE,
  uses: { tables: { submissions: 'rw', directory: 'a', register: 'rq' } },
  request: reportUnexpectedRequestSchema,
  response: reportUnexpectedResponseSchema,
  summary:
    'Reports in one tap a deduction the payroll took with no approved line: a dispute marked “not approved”, opened by the employee, only on one recorded on their own NRC (404 otherwise); the lender’s admins are emailed.',
});

export const PORTAL_ROUTES = [listMyDeductions, listMyLookups, listMyDisputes, reportMyDeduction, listMyUnexpected, reportMyUnexpected] as const;
