import { randomInt } from 'node:crypto';
import type { RegisterEntry } from '../../lambdas/data/register.js';

/**
 * The payroll register as tests seed it. Import after `Object.assign(process.env, twin.env)`: the data
 * module reads the twin's table names when it is first used.
 *
 * `putRegister` (lambdas/data/register.ts) replaces the whole register, as a PMEC submission does: a
 * test that replaces it owns it and must not count on any other file's employees. A test that only needs
 * some employees on the payroll adds them with `addToCurrentRegister`, which replaces nothing.
 */
const data = () => import('../../lambdas/data/register.js');

/** A fresh NRC (8-digit prefix), unlikely to be any other test's. */
export const uniqueNrc = () => `${randomInt(10_000_000, 100_000_000)}/${String(randomInt(0, 100)).padStart(2, '0')}/${randomInt(1, 10)}`;
export const uniqueEmployeeNumber = () => `EMP${randomInt(0, 2 ** 40).toString(36).toUpperCase()}`;
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
 * returns drops them, as it would drop any employee it does not list.
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
  for (let written: string | null = null; register && register.version !== written; register = await currentRegister()) {
    await writeRegisterEntries(register.version, register.month, entries);
    written = register.version;
  }
}
