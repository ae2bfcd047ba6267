import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { RegisterEntry } from '#data/register/versions.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import type { RegisterEmployee } from '#shared/rules/register.js';
import { borrowersOf } from '#shared/rules/signal-borrowers.js';
import type { Signal } from '#shared/rules/signals.js';
import { registerEntry } from '../support/register.js';

/**
 * The payroll register's snapshot: written with each register version when it is stored, read by a
 * validation whose file is large beside the register instead of one read a borrower, and only ever for
 * the version it was made from. This file replaces the register, so it owns the current one while it runs.
 */
const twin = inject('twin');
let register: typeof import('#data/register/versions.js');
let snapshots: typeof import('#data/register/snapshot.js');
let signalsOf: typeof import('../../lambdas/events/upload-signals.js').signalsOf;

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  register = await import('#data/register/versions.js');
  snapshots = await import('#data/register/snapshot.js');
  ({ signalsOf } = await import('../../lambdas/events/upload-signals.js'));
});

const MONTH = '2026-03';
const view = (e: RegisterEntry) => ({
  nrc: e.nrc,
  employee_number: e.employee_number,
  first_name: e.first_name,
  last_name: e.last_name,
  basic_pay: e.basic_pay,
});
const row = (e: RegisterEntry, over: Partial<CanonicalRow> = {}): CanonicalRow => ({
  employee_no: e.employee_number,
  nrc: e.nrc,
  start_date: `${MONTH}-01`,
  end_date: '2030-12-31',
  installment_amount: 100,
  amount: 1_000,
  payee_key: 'SNAP01',
  first_name: e.first_name,
  last_name: e.last_name,
  ...over,
});

/** An inputs file of these rows through the signals step as validation runs it: its report, and the signals it lists of a kind. */
async function signalsOfRows(rows: CanonicalRow[]) {
  const { UploadSignals } = await import('../../lambdas/events/signal-output.js');
  const { readResultJson, resultKeys } = await import('#data/uploads/results.js');
  const id = randomUUID();
  const written = new UploadSignals(id);
  const report = await signalsOf({ doc_kind: 'inputs', month: MONTH, payee_key: `SNAP${randomUUID().slice(0, 6).toUpperCase()}` }, borrowersOf(rows), written, {
    mandates: false,
  });
  await written.complete();
  return { report, listed: async (type: Signal['type']) => (await readResultJson<Signal[]>(resultKeys(id).signals(type))) ?? [] };
}

/** The NOT_ON_PAYROLL signals of an inputs file of these rows, by NRC, and how many rows were joined to the register. */
async function offPayroll(rows: CanonicalRow[]) {
  const { report, listed } = await signalsOfRows(rows);
  const off = await listed('NOT_ON_PAYROLL');
  return { off: off.map((s) => s.nrc ?? s.employee_no), joined: report.counts.joined ?? 0 };
}

describe('the register snapshot', () => {
  it('is written when a submitted register is ingested, and finds each of its employees by NRC, nobody else', async () => {
    // Prepare: a register upload's validated rows, as its validation stores them
    const { putResult, resultKeys } = await import('#data/uploads/results.js');
    const { ingestRegisterChunk } = await import('../../lambdas/events/ingest-register.js');
    const entries = [registerEntry({ basic_pay: null }), registerEntry(), registerEntry({ first_name: 'Loveness "Lulu"' })];
    const rows: RegisterEmployee[] = entries.map((e) => ({
      employee_no: e.employee_number,
      nrc: e.nrc,
      first_name: e.first_name,
      last_name: e.last_name,
      mobile: e.mobile,
      basic_pay: e.basic_pay,
      ministry: e.ministry,
    }));
    const id = randomUUID();
    await putResult(resultKeys(id).rows, JSON.stringify(rows), 'application/json');
    // Act
    await ingestRegisterChunk({
      upload_id: id,
      month: MONTH,
      index: 0,
      count: 1,
      from: 0,
      to: rows.length,
      employees: rows.length,
      uploaded_by: 'pmec@example.com',
      uploaded_at: new Date().toISOString(),
    });
    // Assess
    expect((await register.currentRegister())?.version).toBe(id);
    const snapshot = await snapshots.readRegisterSnapshot(id);
    expect(snapshot?.size).toBe(3);
    for (const e of entries) expect(snapshot?.byNrcDigits(nrcDigits(e.nrc))).toEqual(view(e));
    expect(snapshot?.byNrcDigits(nrcDigits(registerEntry().nrc))).toBeUndefined();
    expect(snapshot?.byNrcDigits(nrcDigits(entries[0]!.nrc).slice(0, -1))).toBeUndefined();
  });

  it("is read by validation for the current version only: a newer version without one is read entry by entry, never through an older one's", async () => {
    // Prepare: register A with its snapshot, then B, stored as before snapshots existed
    const [leaver, stays, joiner] = [registerEntry(), registerEntry(), registerEntry()];
    await register.putRegister({ month: MONTH, entries: [leaver, stays], uploadedBy: 'pmec@example.com' });
    const b = randomUUID();
    await register.writeRegisterEntries(b, MONTH, [stays, joiner]);
    await register.makeRegisterCurrent({
      version: b,
      month: MONTH,
      employees: 2,
      uploaded_at: new Date().toISOString(),
      uploaded_by: 'pmec@example.com',
      submission_id: null,
    });
    const file = [row(leaver), row(stays), row(joiner)];
    // Act / Assess: B by its entries
    expect(await offPayroll(file)).toEqual({ off: [leaver.nrc], joined: 0 });
    // Act / Assess: B's snapshot, once written, is what validation reads (here one that leaves the joiner out)
    await snapshots.putRegisterSnapshot(b, [snapshots.snapshotLine(stays)]);
    expect(await offPayroll(file)).toEqual({ off: [leaver.nrc, joiner.nrc], joined: 0 });
  });

  it('still joins a row without an NRC to the register by its employee number when the snapshot is read', async () => {
    // Prepare
    const [named, unnamed] = [registerEntry(), registerEntry()];
    await register.putRegister({ month: MONTH, entries: [named, unnamed], uploadedBy: 'pmec@example.com' });
    // Act
    const found = await offPayroll([row(named), row(unnamed, { nrc: null }), row(registerEntry(), { nrc: null, employee_no: 'EMPNOBODY1' })]);
    // Assess
    expect(found).toEqual({ off: ['EMPNOBODY1'], joined: 1 });
  });

  it("reads the record of a row without an NRC once the register joins it: another lender's name and employee number on its NRC, its number under another NRC", async () => {
    // Prepare: another lender's earlier month holds the joined NRC under another number and name, and the row's number under another NRC
    const { writeSummaries } = await import('#data/history/summary-writes.js');
    const [named, unnamed, elsewhere] = [registerEntry(), registerEntry(), registerEntry()];
    await register.putRegister({ month: MONTH, entries: [named, unnamed], uploadedBy: 'pmec@example.com' });
    const earlier = { kind: 'inputs', month: '2026-02', payeeKey: 'SNAPOT', orgId: null, orgName: null, submittedAt: '2026-02-03T08:00:00.000Z' } as const;
    await writeSummaries({ ...earlier, submissionId: randomUUID() }, [
      row(unnamed, { employee_no: `${unnamed.employee_number}X`, first_name: 'Someone', last_name: 'Else', payee_key: 'SNAPOT' }),
      row(elsewhere, { employee_no: unnamed.employee_number, payee_key: 'SNAPOT' }),
    ]);
    // Act
    const found = await (await signalsOfRows([row(named), row(unnamed, { nrc: null })])).listed('IDENTITY');
    // Assess: all three read after the join, on the row that names no NRC
    expect(found.map((s) => [s.nrc, s.employee_no, s.message]).sort()).toEqual(
      [
        'This NRC is on record under another employee number.',
        'This employee number is on record under another NRC.',
        'The name differs from the one on record.',
      ]
        .map((message) => [null, unnamed.employee_number, message])
        .sort(),
    );
  });

  it('hands the signals of a file mostly off a small register on a chunk at a time, and writes them whole by kind: counts, first pages, lists, CSV report, kinds by NRC', async () => {
    // Prepare: a register of two; a file of those two and 1,700 borrowers off it (no previous month: all NEW)
    const { UploadSignals } = await import('../../lambdas/events/signal-output.js');
    const { readResultJson, resultKeys } = await import('#data/uploads/results.js');
    const { readUploadObject } = await import('#data/uploads/objects.js');
    const { nrcSignalsIn } = await import('#data/uploads/nrc-signals.js');
    const on = [registerEntry(), registerEntry()];
    await register.putRegister({ month: MONTH, entries: on, uploadedBy: 'pmec@example.com' });
    const off = Array.from({ length: 1_700 }, () => registerEntry());
    const file = [row(on[0]!), ...off.map((e) => row(e)), row(on[1]!)];
    const id = randomUUID();
    const written = new UploadSignals(id);
    const handed: Signal[][] = [];
    // Act
    const report = await signalsOf(
      { doc_kind: 'inputs', month: MONTH, payee_key: `SNAP${randomUUID().slice(0, 6).toUpperCase()}` },
      borrowersOf(
        file,
        file.map((_, i) => i + 2),
      ),
      {
        add: (signals) => (handed.push([...signals]), written.add(signals)),
      },
      { mandates: false },
    );
    await written.complete();
    await written.writeReport({ errors: [], warnings: [], fraud: [] });
    // Assess: counted, and never handed on all at once
    expect(report.counts).toMatchObject({ new: 1_702, not_on_payroll: 1_700 });
    const offCalls = handed.map((batch) => batch.filter((s) => s.type === 'NOT_ON_PAYROLL').length).filter(Boolean);
    expect(offCalls.length).toBeGreaterThan(1);
    expect(Math.max(...offCalls)).toBeLessThan(1_700);
    // Assess: each kind's list whole and in row order, its first page the head's
    const rowsOf = (signals: Signal[]) => signals.map((s) => s.row);
    const offList = (await readResultJson<Signal[]>(resultKeys(id).signals('NOT_ON_PAYROLL')))!;
    expect(rowsOf(offList)).toEqual(Array.from({ length: 1_700 }, (_, i) => i + 3));
    expect(offList.map((s) => s.nrc)).toEqual(off.map((e) => e.nrc));
    const head = (await readResultJson<Signal[]>(resultKeys(id).signalsHead))!;
    expect(head.filter((s) => s.type === 'NOT_ON_PAYROLL')).toEqual(offList.slice(0, 200));
    expect(rowsOf(head.filter((s) => s.type === 'NEW'))).toEqual(Array.from({ length: 200 }, (_, i) => i + 2));
    // Assess: the CSV report holds every signal, merged in row order
    const csv = new TextDecoder()
      .decode((await readUploadObject(resultKeys(id).report))!.data)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csv[0]).toBe('severity,type,row,column,message');
    const lines = csv.slice(1).map((line) => line.split(','));
    expect(lines).toHaveLength(3_402);
    expect(lines.filter((cells) => cells[1] === 'NOT_ON_PAYROLL')).toHaveLength(1_700);
    const csvRows = lines.map((cells) => Number(cells[2]));
    expect(csvRows).toEqual([...csvRows].sort((a, b) => a - b));
    // Assess: the portal finds an off-register borrower's kinds by NRC
    const kinds = await nrcSignalsIn([id], nrcDigits(off[1_650]!.nrc));
    expect(kinds.get(id)?.sort()).toEqual(['NEW', 'NOT_ON_PAYROLL']);
  });
});
