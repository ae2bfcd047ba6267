import { randomInt } from 'node:crypto';
import type { RegisterEntry } from '#data/register/versions.js';
import { type Row, workbook } from '../fixtures/submissions/workbooks.js';

/**
 * The payroll register as tests seed it. Import after `Object.assign(process.env, twin.env)`: the data
 * module reads the twin's table names when it is first used.
 *
 * `putRegister` (lambdas/data/register/versions.ts) replaces the whole register, as a PMEC submission does: a
 * test that replaces it owns it and must not count on any other file's employees. A test that only needs
 * some employees on the payroll adds them with `addToCurrentRegister`, which replaces nothing.
 */
const data = () => import('#data/register/versions.js');

/** A fresh NRC (8-digit prefix), unlikely to be any other test's. */
export const uniqueNrc = () => `${randomInt(10_000_000, 100_000_000)}/${String(randomInt(0, 100)).padStart(2, '0')}/${randomInt(1, 10)}`;
export const uniqueEmployeeNumber = () =>
  `EMP${randomInt(0, 2 ** 40)
    .toString(36)
    .toUpperCase()}`;
export const uniqueMobile = () => `+26097${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

/** An employee as the register holds them, unique unless told otherwise. */
export function registerEntry(overrides: Partial<RegisterEntry> = {}): RegisterEntry {
  return {
    nrc: uniqueNrc(),
    employee_number: uniqueEmployeeNumber(),
    first_name: 'Chanda',
    last_name: 'Mulenga',
    mobile: uniqueMobile(),
    basic_pay: 12_000,
    ministry: 'Ministry of Health',
    ...overrides,
  };
}

/** The register tests start from when none was ever submitted: one fixed version, so two files creating it at once create one. */
const BASE_VERSION = 'test-base-register';

/**
 * Puts these employees on the current register without replacing it. Stays right when several files
 * seed at once: each call writes only its own entries' items (no count or list is read and written
 * back, so two calls never undo each other); a missing register is created as one fixed version that
 * becomes current once, whichever file gets there first; and when a replacement lands while the entries
 * are written, they are written again under the register that replaced it. A replacement made after this
 * returns drops them, as it would drop any employee it does not list. The register's snapshot
 * (lambdas/data/register/snapshot.ts) is dropped, since it would not hold them.
 */
export async function addToCurrentRegister(entries: RegisterEntry[]): Promise<void> {
  const { currentRegister, makeRegisterCurrent, writeRegisterEntries } = await data();
  let register = await currentRegister();
  if (!register) {
    const month = new Date().toISOString().slice(0, 7);
    const base = { version: BASE_VERSION, month, employees: 0, uploaded_at: new Date().toISOString(), uploaded_by: 'test support', submission_id: null };
    await makeRegisterCurrent(base);
    register = await currentRegister();
  }
  const { dropRegisterSnapshot } = await import('#data/register/snapshot.js');
  for (let written: string | null = null; register && register.version !== written; register = await currentRegister()) {
    await writeRegisterEntries(register.version, register.month, entries);
    // The version's snapshot no longer holds all of it: without one, validation reads the entries.
    await dropRegisterSnapshot(register.version);
    written = register.version;
  }
}

export const REGISTER_HEADER = ['EMPLOYEE NUMBER', 'NRC', 'FIRST NAME', 'LAST NAME', 'MOBILE', 'BASIC PAY (ZMW)', 'MINISTRY'];

/** A register's rows as PMEC writes them: the header, then one row per employee (mobiles as people type them). */
export function registerRows(entries: readonly RegisterEntry[]): Row[] {
  const typed = (mobile: string) => `0${mobile.slice(4, 6)} ${mobile.slice(6, 9)} ${mobile.slice(9)}`;
  return [REGISTER_HEADER, ...entries.map((e) => [e.employee_number, e.nrc, e.first_name, e.last_name, typed(e.mobile), e.basic_pay, e.ministry])];
}

export const registerWorkbook = (entries: readonly RegisterEntry[]) => workbook(registerRows(entries));
