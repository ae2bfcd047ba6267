import { LEFT_PAYROLL_MONTHS } from '#shared/api/employee.js';
import { currentMonth, shiftMonth } from '#shared/rules/dates.js';
import { hasNrcShape, normaliseNrc, nrcDigits } from '#shared/rules/nrc.js';
import { currentRegister, entriesOfNrcIn, registerMonths, type CurrentRegisterEntry } from './versions.js';

/** An employee as the register that gives their mobile holds them; `left_payroll` when that is not the current one. */
export interface EmployeeRegisterEntry extends CurrentRegisterEntry {
  /** The first register month without them and the last month they may sign in (YYYY-MM); null while on the payroll. */
  left_payroll: { since: string; until: string } | null;
}

/**
 * The register entry that speaks for an employee: the current register's; else, for LEFT_PAYROLL_MONTHS
 * months after they left the payroll, the last register that held them (so a leaver still signs in and
 * sees their past year's deductions and reports). Reads the current register, then the registers of the
 * months since (the month items, one Query) and their entries for the NRC in one batched read, only for an
 * NRC the current register does not hold. Null for anyone else.
 */
export async function employeeEntryByNrc(nrc: string, now = new Date()): Promise<EmployeeRegisterEntry | null> {
  const canonical = normaliseNrc(nrc);
  if (!hasNrcShape(canonical)) return null;
  const digits = nrcDigits(canonical);
  const current = await currentRegister();
  if (!current) return null;
  const onCurrent = (await entriesOfNrcIn([current.version], digits)).get(current.version);
  if (onCurrent) return { ...onCurrent, left_payroll: null };
  const earliest = shiftMonth(currentMonth(now), -(LEFT_PAYROLL_MONTHS + 1));
  const months = (await registerMonths()).filter((m) => m.month >= earliest && m.version !== current.version && m.month <= current.month);
  if (!months.length) return null;
  const found = await entriesOfNrcIn(
    months.map((m) => m.version),
    digits,
  );
  const lastHeld = months
    .map((m, i) => ({ m, i }))
    .filter(({ m }) => found.has(m.version))
    .pop();
  if (!lastHeld) return null;
  const since = months[lastHeld.i + 1]?.month ?? current.month;
  const until = shiftMonth(since, LEFT_PAYROLL_MONTHS - 1);
  if (currentMonth(now) > until) return null;
  return { ...found.get(lastHeld.m.version)!, left_payroll: { since, until } };
}
