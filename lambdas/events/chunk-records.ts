import type { StatusMemo } from '#data/history/submission-statuses.js';
import { type BorrowerRecords, readBorrowerRecords } from '#data/history/summaries.js';
import { readRegisterSnapshot, type RegisterSnapshot } from '#data/register/snapshot.js';
import { currentRegister, registerEntriesOf, type RegisterVersion } from '#data/register/versions.js';
import { MIN_HISTORY_NRC_DIGITS } from '#shared/api/history.js';
import { employeeNumberKey, sameEmployeeNumber } from '#shared/rules/employee-number.js';
import { joinThroughRegister, type RegisterEmployeeView, type RegisterMatch } from '#shared/rules/register-signals.js';
import type { Borrower } from '#shared/rules/signals.js';

/** A register is read whole (its snapshot) for a file of at least one borrower for every this many of its employees. */
const SNAPSHOT_EMPLOYEES_PER_BORROWER = 10;

/** The current payroll register, with its snapshot when the file is large beside it and the version has one. */
export type CurrentRegister = { register: RegisterVersion; snapshot: RegisterSnapshot | null } | null;

/** The current register, and its snapshot when the file is large beside it. Null before any register is submitted. */
export async function registerOf(file: ReadonlyMap<string, Borrower>): Promise<CurrentRegister> {
  const register = await currentRegister();
  if (!register) return null;
  const large = file.size * SNAPSHOT_EMPLOYEES_PER_BORROWER >= register.employees;
  return { register, snapshot: large ? await readRegisterSnapshot(register.version) : null };
}

/**
 * The current payroll register's employees among these borrowers: by NRC digits, from the snapshot when
 * there is one, else read in batches (a hundred keys a call); and by employee number for those without an
 * NRC, read. Null before any register is submitted.
 */
async function registerMatchOf(current: CurrentRegister, borrowers: readonly Borrower[]): Promise<RegisterMatch | null> {
  if (!current) return null;
  const { register, snapshot } = current;
  const withDigits = borrowers.filter((b) => b.digits).map((b) => b.digits);
  const employeeNumbers = borrowers.filter((b) => !b.digits && b.employee_no).map((b) => b.employee_no as string);
  if (!snapshot) return { month: register.month, ...(await registerEntriesOf(register.version, { nrcDigits: withDigits, employeeNumbers })) };
  const byNrcDigits = new Map<string, RegisterEmployeeView>();
  for (const digits of withDigits) {
    const employee = snapshot.byNrcDigits(digits);
    if (employee) byNrcDigits.set(digits, employee);
  }
  const { byEmployeeNumber } = employeeNumbers.length ? await registerEntriesOf(register.version, { employeeNumbers }) : { byEmployeeNumber: new Map() };
  return { month: register.month, byNrcDigits, byEmployeeNumber };
}

const onRecord = (b: Borrower) => b.digits.length >= MIN_HISTORY_NRC_DIGITS;

/**
 * The employee numbers worth reading for these borrowers: those their NRC's own record does not already pair
 * them with (an NRC under another's number is flagged on that NRC's rows).
 */
const unpaired = (borrowers: readonly Borrower[], records: ReadonlyMap<string, readonly { employee_no: string | null }[]>) =>
  borrowers
    .filter((b) => b.employee_no && !(records.get(b.digits) ?? []).some((e) => sameEmployeeNumber(e.employee_no, b.employee_no)))
    .map((b) => b.employee_no as string);

const merged = <K, V>(a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>): Map<K, V> => (b.size ? new Map([...a, ...b]) : (a as Map<K, V>));

/** A chunk of a file's borrowers as judged: joined through the register, with the register's entries and the records. */
export interface ChunkRecords extends BorrowerRecords {
  /** The chunk's borrowers, those without an NRC joined to the register's where it knows their employee number. */
  joined: readonly Borrower[];
  onRegister: RegisterMatch | null;
}

/**
 * The register's entries and what is on record for a chunk of a file's borrowers. The records of those with an
 * NRC are read at once, beside the register (a large file's first chunks would otherwise wait for its snapshot);
 * those of rows without an NRC that the register joins to one are read after it, with any employee number the
 * first read left unpaired.
 */
export async function chunkRecords(read: readonly Borrower[], register: Promise<CurrentRegister>, statuses: StatusMemo): Promise<ChunkRecords> {
  const own = read.filter(onRecord);
  const asked = new Set<string>();
  const [first, onRegister] = await Promise.all([
    readBorrowerRecords(
      own.map((b) => b.digits),
      (records) => {
        const wanted = unpaired(own, records);
        for (const number of wanted) asked.add(employeeNumberKey(number));
        return wanted;
      },
      statuses,
    ),
    register.then((current) => registerMatchOf(current, read)),
  ]);
  const joined = onRegister ? read.map((b) => joinThroughRegister(b, onRegister)) : read;
  // Most chunks join nobody: their records are all read.
  if (!joined.some((b) => b.joined)) return { joined, onRegister, ...first };
  const known = new Set(own.map((b) => b.digits));
  const late = joined.filter((b) => b.joined && onRecord(b) && !known.has(b.digits));
  const lateWanted = (records: BorrowerRecords['records']) =>
    unpaired(joined.filter(onRecord), merged(first.records, records)).filter((number) => !asked.has(employeeNumberKey(number)));
  const after = await readBorrowerRecords([...new Set(late.map((b) => b.digits))], lateWanted, statuses);
  return {
    joined,
    onRegister,
    records: merged(first.records, after.records),
    employees: merged(first.employees, after.employees),
    disputes: merged(first.disputes, after.disputes),
    mandates: merged(first.mandates, after.mandates),
  };
}
