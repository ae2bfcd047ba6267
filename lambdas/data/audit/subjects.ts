import { nrcDigits } from '#shared/rules/nrc.js';

/**
 * What an audit entry is about: the key of its trail (gsi1pk=SUBJECT#{subject}, log.ts). "Who looked" and
 * an NRC's trail find an entry only when its writer spelled the subject as they read it, so every subject
 * is built here: `KIND#{id}` for one thing, the kind alone for a whole store. The type is branded: a
 * subject written as a string by hand does not compile where an entry or a trail takes one.
 */
declare const brand: unique symbol;
export type AuditSubject = string & { readonly [brand]: 'AuditSubject' };

/** One thing, by its id: the prefix of its subject. */
const ONE = {
  nrc: 'NRC',
  user: 'USER',
  employee: 'EMPLOYEE',
  email: 'EMAIL',
  submission: 'SUB',
  upload: 'UPLOAD',
  accessRequest: 'REQUEST',
  dispute: 'DISPUTE',
  mandate: 'MANDATE',
  setting: 'SETTING',
  organisation: 'ORG',
  payeeKey: 'PAYEE',
  schedule: 'SCHEDULE',
  apiClient: 'API_CLIENT',
  remittance: 'REMITTANCE',
  webhook: 'WEBHOOK',
} as const;
/** A whole store or flow, without an id. */
const WHOLE = {
  registry: 'REGISTRY',
  register: 'REGISTER',
  history: 'HISTORY',
  anonymous: 'ANONYMOUS',
} as const;

export type AuditSubjectKind = keyof typeof ONE | keyof typeof WHOLE;

const subject = (text: string) => text as AuditSubject;
const one = (kind: keyof typeof ONE) => (id: string) => {
  if (!id) throw new Error(`An audit subject of kind ${kind} needs an id.`);
  return subject(`${ONE[kind]}#${id}`);
};

export const auditSubject = {
  /** An NRC by its digits, whatever punctuation it was given with: one person, one trail. */
  nrc: (nrc: string) => one('nrc')(nrcDigits(nrc)),
  /** A staff user, by their Cognito sub. */
  user: one('user'),
  /** An employee, by the sub of the employees' pool. */
  employee: one('employee'),
  /** An email address no account answers to yet (a refused invitation or sign-up). */
  email: one('email'),
  submission: one('submission'),
  upload: one('upload'),
  accessRequest: one('accessRequest'),
  dispute: one('dispute'),
  /** A mandate, by its number. */
  mandate: one('mandate'),
  /** A platform setting, by its name. */
  setting: one('setting'),
  organisation: one('organisation'),
  payeeKey: one('payeeKey'),
  /** A month's payroll schedule, by its month (YYYY-MM). */
  schedule: one('schedule'),
  /** A machine client of an organisation, by its client id. */
  apiClient: one('apiClient'),
  /** A remittance statement, by its number (RS-YYYYMM-PAYEEKEY). */
  remittance: one('remittance'),
  /** An organisation's webhook endpoint, by its id. */
  webhook: one('webhook'),
  /** The fraud registry as a whole (a search: the NRCs it matched are further subjects). */
  registry: subject(WHOLE.registry),
  /** The payroll register as a whole. */
  register: subject(WHOLE.register),
  /** A history lookup refused before it named an NRC. */
  history: subject(WHOLE.history),
  /** A request without a signed-in caller. */
  anonymous: subject(WHOLE.anonymous),
} satisfies Record<AuditSubjectKind, AuditSubject | ((id: string) => AuditSubject)>;

const BY_PREFIX = new Map<string, AuditSubjectKind>([
  ...Object.entries(ONE).map(([kind, prefix]) => [prefix, kind as AuditSubjectKind] as const),
  ...Object.entries(WHOLE).map(([kind, prefix]) => [prefix, kind as AuditSubjectKind] as const),
]);

/** A subject read back (a stored entry, a filter typed on /audit): its kind and id, or null when it is none. */
export function parseAuditSubject(text: string): { kind: AuditSubjectKind; id: string | null; subject: AuditSubject } | null {
  const at = text.indexOf('#');
  const prefix = (at < 0 ? text : text.slice(0, at)).trim().toUpperCase();
  const kind = BY_PREFIX.get(prefix);
  if (!kind) return null;
  if (kind in WHOLE) return at < 0 ? { kind, id: null, subject: auditSubject[kind as keyof typeof WHOLE] } : null;
  const id = text.slice(at + 1).trim();
  if (at < 0 || !id || (kind === 'nrc' && !nrcDigits(id))) return null;
  const built = kind === 'nrc' ? auditSubject.nrc(id) : one(kind as keyof typeof ONE)(id);
  return { kind, id: built.slice(built.indexOf('#') + 1), subject: built };
}
