import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { queryOf } from '#adapters/dynamo/queries.js';
import { batchGetAll, batchWriteAll, isConditionFailure, retrying } from '#adapters/dynamo/toolkit.js';
import { employeeNumberKey } from '#shared/rules/employee-number.js';
import { hasNrcShape, normaliseNrc, nrcDigits } from '#shared/rules/nrc.js';
import type { RegisterEntry } from './entry.js';
import { putRegisterSnapshot, snapshotLine } from './snapshot.js';

/**
 * PMEC's payroll register, in its own table. Every register submitted is a *version* whose entries are
 * written under keys of their own, then made current by one transaction that moves a pointer: replacing
 * 300,000 employees deletes nothing, a reader never sees half a register, and an employee missing from the
 * new version is simply not found under the current one. Earlier versions stay, the latest of each month
 * named by its month item (the register's history).
 * - entry by NRC:             pk=R#{version}#NRC#{nrc digits}  sk=E
 * - entry by employee number: pk=R#{version}#EMP#{NUMBER}      sk=E   (the same entry: one read either way; the
 *   number upper-cased, shared/rules/employee-number.ts, so a lookup finds it whatever its letter case)
 * - version:                  pk=R#{version}                   sk=META  (written once, when first made current)
 * - month:                    pk=MONTH                         sk={YYYY-MM}  (the version last made current for it)
 * - current:                  pk=CURRENT                       sk=CURRENT
 * Access patterns: "the current register" GetItem CURRENT; "an employee on the current register by NRC"
 * and "… by employee number": that, then GetItem of the entry; "many employees" (validation): the
 * current register once, then BatchGetItem of the entries; "the registers by month": Query pk=MONTH;
 * "replace the register": BatchWriteItem of the version's entries, then the transaction.
 */
export type { RegisterEntry };
export interface CurrentRegisterEntry extends RegisterEntry {
  /** YYYY-MM of the register it is on. */
  month: string;
}

const entrySchema = z.object({
  nrc: z.string(),
  employee_number: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  mobile: z.string(),
  basic_pay: z.number().nullable(),
  ministry: z.string().nullable(),
  month: z.string(),
  version: z.string(),
});
const nrcEntryKey = (version: string, digits: string) => ({ pk: `R#${version}#NRC#${digits}`, sk: 'E' });
const employeeEntryKey = (version: string, employeeNumber: string) => ({ pk: `R#${version}#EMP#${employeeNumberKey(employeeNumber)}`, sk: 'E' });
const byNrcCodec = defineCodec('register entry', entrySchema, (e) => nrcEntryKey(e.version, nrcDigits(e.nrc)));
const byEmployeeCodec = defineCodec('register entry', entrySchema, (e) => employeeEntryKey(e.version, e.employee_number));

const versionSchema = z.object({
  version: z.string(),
  month: z.string(),
  employees: z.number(),
  uploaded_at: z.string(),
  uploaded_by: z.string(),
  submission_id: z.string().nullable(),
});
/** One register as submitted: which version, for which month, how many employees, who made it and when. */
export type RegisterVersion = z.output<typeof versionSchema>;
const CURRENT_KEY = { pk: 'CURRENT', sk: 'CURRENT' };
const versionCodec = defineCodec('register version', versionSchema, (v) => ({ pk: `R#${v.version}`, sk: 'META' }));
const monthCodec = defineCodec('register month', versionSchema, (v) => ({ pk: 'MONTH', sk: v.month }));
const currentCodec = defineCodec('current register', versionSchema, () => CURRENT_KEY);

const BUSY = 'The payroll register is busy; try again.';

/** The register in force, or null before the first is submitted. */
export async function currentRegister(): Promise<RegisterVersion | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('register'), Key: CURRENT_KEY, ConsistentRead: true }));
  return currentCodec.parse(out.Item);
}

/** The register of each month, oldest first (the one last made current in that month). */
export async function registerMonths(): Promise<RegisterVersion[]> {
  const out = await dynamo.send(new QueryCommand({ TableName: tableName('register'), ...queryOf({ pk: 'MONTH' }) }));
  return monthCodec.parseAll(out.Items);
}

const withoutVersion = ({ version: _, ...entry }: z.output<typeof entrySchema>): CurrentRegisterEntry => entry;

async function entryOnCurrent(key: (version: string) => Record<string, string>, codec: typeof byNrcCodec): Promise<CurrentRegisterEntry | null> {
  const register = await currentRegister();
  if (!register) return null;
  const out = await dynamo.send(new GetCommand({ TableName: tableName('register'), Key: key(register.version) }));
  const entry = codec.parse(out.Item);
  return entry ? withoutVersion(entry) : null;
}

/** The employee holding this NRC on the current register (any spelling of the NRC that normalises to it). */
export async function registerEntryByNrc(nrc: string): Promise<CurrentRegisterEntry | null> {
  const canonical = normaliseNrc(nrc);
  if (!hasNrcShape(canonical)) return null;
  return entryOnCurrent((version) => nrcEntryKey(version, nrcDigits(canonical)), byNrcCodec);
}

export async function registerEntryByEmployeeNumber(employeeNumber: string): Promise<CurrentRegisterEntry | null> {
  const number = employeeNumber.trim();
  if (!number) return null;
  return entryOnCurrent((version) => employeeEntryKey(version, number), byEmployeeCodec);
}

/**
 * The entries of one register version for these NRC digits and employee numbers, by each (absent ones
 * missing from the maps; employee numbers by employeeNumberKey): batched reads, a hundred keys a call.
 */
export async function registerEntriesOf(
  version: string,
  wanted: { nrcDigits?: Iterable<string>; employeeNumbers?: Iterable<string> },
): Promise<{ byNrcDigits: Map<string, CurrentRegisterEntry>; byEmployeeNumber: Map<string, CurrentRegisterEntry> }> {
  const digits = [...new Set(wanted.nrcDigits ?? [])];
  const numbers = [...new Set([...(wanted.employeeNumbers ?? [])].map(employeeNumberKey))];
  const keys = [...digits.map((d) => nrcEntryKey(version, d)), ...numbers.map((n) => employeeEntryKey(version, n))];
  const items = await batchGetAll<Record<string, unknown> & { pk: string }>(tableName('register'), keys, { busy: BUSY });
  const byNrcDigits = new Map<string, CurrentRegisterEntry>();
  const byEmployeeNumber = new Map<string, CurrentRegisterEntry>();
  for (const item of items) {
    const entry = byNrcCodec.parse(item);
    if (!entry) continue;
    if (item.pk.startsWith(`R#${version}#NRC#`)) byNrcDigits.set(nrcDigits(entry.nrc), withoutVersion(entry));
    else byEmployeeNumber.set(employeeNumberKey(entry.employee_number), withoutVersion(entry));
  }
  return { byNrcDigits, byEmployeeNumber };
}

/** The entries holding these NRC digits in each of these register versions, by version (one batched read). */
export async function entriesOfNrcIn(versions: readonly string[], digits: string): Promise<Map<string, CurrentRegisterEntry>> {
  const items = await batchGetAll<Record<string, unknown>>(
    tableName('register'),
    [...new Set(versions)].map((v) => nrcEntryKey(v, digits)),
    { busy: BUSY },
  );
  return new Map(
    items.flatMap((item) => {
      const entry = byNrcCodec.parse(item);
      return entry ? [[entry.version, withoutVersion(entry)] as const] : [];
    }),
  );
}

/** Writes entries of a register version (both items of each). Idempotent: the same entries give the same items. */
export async function writeRegisterEntries(version: string, month: string, entries: readonly RegisterEntry[]): Promise<void> {
  const items = entries.flatMap((entry) => {
    const record = { ...entry, month, version };
    return [byNrcCodec.build(record), byEmployeeCodec.build(record)];
  });
  await batchWriteAll(tableName('register'), items, { busy: BUSY });
}

/**
 * Makes a register version current, once: its version item is written only if absent, with the month item
 * and the pointer, in one transaction. Answers false when it had already been made current (a replayed
 * ingestion then never brings back a register that another has replaced since).
 */
export async function makeRegisterCurrent(register: RegisterVersion): Promise<boolean> {
  const table = tableName('register');
  try {
    await retrying(() =>
      dynamo.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: table, Item: versionCodec.build(register), ...conditionOf(conditionsOf<RegisterVersion>().missing('pk')) } },
            { Put: { TableName: table, Item: monthCodec.build(register) } },
            { Put: { TableName: table, Item: currentCodec.build(register) } },
          ],
        }),
      ),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error, 0)) return false;
    throw error;
  }
}

/**
 * Stores a whole register (its entries and snapshot, ./snapshot.ts) and makes it current, replacing the previous one. The version is the
 * submission's id when there is one, so a replayed ingestion writes the same items and changes nothing.
 */
export async function putRegister(input: { month: string; entries: RegisterEntry[]; uploadedBy: string; submissionId?: string }): Promise<void> {
  const version = input.submissionId ?? randomUUID();
  await writeRegisterEntries(version, input.month, input.entries);
  await putRegisterSnapshot(version, input.entries.map(snapshotLine));
  await makeRegisterCurrent({
    version,
    month: input.month,
    employees: input.entries.length,
    uploaded_at: new Date().toISOString(),
    uploaded_by: input.uploadedBy,
    submission_id: input.submissionId ?? null,
  });
}
