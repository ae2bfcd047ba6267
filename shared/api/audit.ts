import { z } from 'zod';
import { toCsv } from '../rules/csv.js';
import { isValidNrc } from '../rules/nrc.js';
import { queryValue } from './query.js';

/** How far back one audit listing may reach: a quarter. */
export const AUDIT_MAX_RANGE_DAYS = 92;
export const AUDIT_PAGE_SIZE = 50;

export const auditItemSchema = z.object({
  id: z.string(),
  ts: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  actor_roles: z.array(z.string()),
  org_id: z.string().nullable(),
  action: z.string(),
  subject: z.string(),
  outcome: z.enum(['ok', 'refused', 'failed']),
  details: z.record(z.string(), z.unknown()),
  /** For a pointer entry (one of several subjects of an entry): the entry it belongs to. */
  entry_id: z.string().nullable(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The filters of /admin/audit, as query parameters. */
export const auditQuerySchema = z
  .object({
    from: z
      .string({ message: 'Choose a From date.' })
      .regex(DAY, 'From must be a date like 2026-03-01.')
      .refine((d) => !Number.isNaN(dayMs(d)), 'From is not a real date.'),
    to: z
      .string({ message: 'Choose a To date.' })
      .regex(DAY, 'To must be a date like 2026-03-31.')
      .refine((d) => !Number.isNaN(dayMs(d)), 'To is not a real date.'),
    action: z.string().trim().max(80, 'Action is at most 80 characters.').optional(),
    actor: z.string().trim().toLowerCase().max(254, 'Actor email is at most 254 characters.').optional(),
    outcome: z.enum(['ok', 'refused', 'failed'], { message: 'Outcome is ok, refused or failed.' }).optional(),
    subject: z.string().trim().max(200, 'Subject is at most 200 characters.').optional(),
    cursor: z.string().max(2000).optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'From must be on or before To.', path: ['from'] })
  .refine((q) => (dayMs(q.to) - dayMs(q.from)) / 86_400_000 < AUDIT_MAX_RANGE_DAYS, {
    message: `Choose at most ${AUDIT_MAX_RANGE_DAYS} days at a time.`,
    path: ['to'],
  });

export const auditListResponseSchema = z.object({ items: z.array(auditItemSchema), next_cursor: z.string().nullable() });

/** One person's trail (Zambia's Data Protection Act 2021: a data subject's request). */
export const nrcAuditResponseSchema = z.object({
  nrc: z.string(),
  /** Who looked the NRC up: history lookups, fraud searches and registry checks that matched it, deduction files that named it, earlier exports. */
  lookups: z.array(auditItemSchema),
  /** Who reported it to the fraud registry. */
  reports: z.array(auditItemSchema),
  /** Anything else recorded about it. */
  other: z.array(auditItemSchema),
});
export type NrcAuditResponse = z.infer<typeof nrcAuditResponseSchema>;

const LOOKUP_ACTIONS = /^(history\.|fraud_registry\.(search|check|latest)|audit\.nrc_export|upload\.file_check$)/;
const REPORT_ACTIONS = /^fraud_report\./;
export type NrcTrailKind = 'lookups' | 'reports' | 'other';
export const nrcTrailKind = (action: string): NrcTrailKind => (LOOKUP_ACTIONS.test(action) ? 'lookups' : REPORT_ACTIONS.test(action) ? 'reports' : 'other');

/** The export as CSV: every cell neutralised against formula injection by toCsv. */
export function nrcAuditCsv(response: NrcAuditResponse): string {
  const rows = [
    ...response.lookups.map((item) => ['lookup', item] as const),
    ...response.reports.map((item) => ['report', item] as const),
    ...response.other.map((item) => ['other', item] as const),
  ].sort((a, b) => a[1].ts.localeCompare(b[1].ts));
  return toCsv([
    ['NRC', 'Kind', 'Time (UTC)', 'Action', 'Actor email', 'Actor roles', 'Organisation', 'Outcome', 'Entry'],
    ...rows.map(([kind, item]) => [
      response.nrc,
      kind,
      item.ts,
      item.action,
      item.actor_email ?? '',
      item.actor_roles.join(' '),
      item.org_id ?? '',
      item.outcome,
      item.entry_id ?? item.id,
    ]),
  ]);
}

/** GET /api/admin/audit/nrc?nrc=: one NRC, as a person types it. */
export const nrcAuditQuerySchema = z.object({
  nrc: queryValue((raw, refuse) => {
    if (!isValidNrc(raw ?? '')) refuse('Enter an NRC like 123456/78/9.', 'invalid_nrc');
    return raw ?? '';
  }),
});
