import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { findOrganisationByPayeeKey } from '#data/directory/organisations.js';
import { getMonthReconciliation, type MonthReconciliation } from '#data/payroll/reconciliation.js';
import { type AuthenticatedCaller, confirmAllowed } from '#http/caller.js';
import { ForbiddenError, NotFoundError } from '#http/errors.js';
import { rolesIn } from '#shared/access.js';
import type { LenderTotals } from '#shared/api/reconciliation.js';
import { REMITTANCE_MESSAGES } from '#shared/api/remittances.js';
import { parseStatementNumber, statementNumber } from '#shared/rules/remittance.js';
import { readPayrollAuthority } from '../common/payroll-authority.js';

/** The two sides of a statement the caller may act for: the lender's FI Admin, the payroll authority's PMEC admin. */
export interface Sides {
  lenderAdmin: boolean;
  authorityAdmin: boolean;
}

const lenderAdminOf = (orgId: string | null) => (c: AuthenticatedCaller) => orgId !== null && rolesIn(c, orgId).includes('fi_admin');
const authorityAdminOf = (orgId: string | null) => (c: AuthenticatedCaller) =>
  orgId !== null && c.grants.some((g) => g.orgId === orgId && g.pmec && g.role === 'pmec_admin');

/**
 * What the caller may do on the statements it lists, as remembered (the screen's buttons; the POST routes confirm
 * on a fresh read): a lender lists only its own statements, so its FI Admin is the lender's side of each.
 */
export async function listingSides(me: AuthenticatedCaller, seesEveryLender: boolean): Promise<Sides> {
  const authority = await readPayrollAuthority();
  return { lenderAdmin: !seesEveryLender && lenderAdminOf(me.actingOrgId ?? null)(me), authorityAdmin: authorityAdminOf(authority?.org_id ?? null)(me) };
}

/** A statement by its number: its month's reconciliation and the lender's totals there; 404 with a sentence when there is none. */
export async function findStatement(number: string): Promise<{ number: string; record: MonthReconciliation; lender: LenderTotals }> {
  const named = parseStatementNumber(number);
  const record = named ? await getMonthReconciliation(named.month) : null;
  const lender = record?.by_lender.find((entry) => entry.payee_key === named!.payeeKey);
  if (!named || !record || !lender) throw new NotFoundError(REMITTANCE_MESSAGES.unknown(number.slice(0, 40)), 'unknown_statement');
  return { number: statementNumber(named.month, named.payeeKey), record, lender };
}

/**
 * Who may act on a statement: `lender` only an FI Admin of the organisation holding its payee key; `either` that
 * admin or a PMEC admin of the payroll authority. Another organisation's admin is refused 403 (audited): the
 * statement's number says its month and payee key, which lenders know of each other, so its existence is no secret.
 */
export async function authoriseSide(
  me: AuthenticatedCaller,
  number: string,
  payeeKey: string,
  who: 'lender' | 'either',
  action: string,
): Promise<{ lenderOrgId: string | null; sides: Sides }> {
  const org = await findOrganisationByPayeeKey(payeeKey);
  const authority = who === 'either' ? await readPayrollAuthority() : null;
  const lenderOrgId = org?.org_id ?? null;
  const check = (c: AuthenticatedCaller) => lenderAdminOf(lenderOrgId)(c) || (who === 'either' && authorityAdminOf(authority?.org_id ?? null)(c));
  const allowed = await confirmAllowed(me, check);
  if (allowed)
    return { lenderOrgId, sides: { lenderAdmin: lenderAdminOf(lenderOrgId)(allowed), authorityAdmin: authorityAdminOf(authority?.org_id ?? null)(allowed) } };
  const reason = who === 'lender' ? 'not_your_statement' : 'not_a_party';
  await writeAudit({ actor: me, action, subject: auditSubject.remittance(number), outcome: 'refused', details: { reason, payee_key: payeeKey } });
  throw new ForbiddenError(who === 'lender' ? REMITTANCE_MESSAGES.notYourStatement : REMITTANCE_MESSAGES.notAParty, reason);
}
