import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addToCurrentRegister, registerEntry } from '../support/register.js';

/**
 * The payroll register's data: a register replaces the previous one whole, employees are found on the
 * current one by NRC and by employee number, and a replayed submission never brings an old one back.
 */
const twin = inject('twin');
let data: typeof import('#data/register/versions.js');

beforeAll(async () => {
  Object.assign(process.env, twin.env);
  data = await import('#data/register/versions.js');
});

describe('putRegister', () => {
  it('makes a register current, its employees found by NRC (any spelling) and by employee number', async () => {
    // Prepare
    const [a, b] = [registerEntry({ basic_pay: null, ministry: null }), registerEntry()];
    // Act
    await data.putRegister({ month: '2026-05', entries: [a, b], uploadedBy: 'pmec@example.com' });
    // Assess
    expect(await data.registerEntryByNrc(a.nrc)).toEqual({ ...a, month: '2026-05' });
    expect(await data.registerEntryByNrc(a.nrc.replaceAll('/', ''))).toEqual({ ...a, month: '2026-05' });
    expect(await data.registerEntryByEmployeeNumber(b.employee_number)).toEqual({ ...b, month: '2026-05' });
    expect(await data.currentRegister()).toMatchObject({ month: '2026-05', employees: 2, uploaded_by: 'pmec@example.com', submission_id: null });
  });

  it('replaces the previous register whole: an employee missing from the new one is found no more', async () => {
    const [stays, leaves] = [registerEntry(), registerEntry()];
    await data.putRegister({ month: '2026-05', entries: [stays, leaves], uploadedBy: 'pmec@example.com' });
    await data.putRegister({ month: '2026-06', entries: [{ ...stays, basic_pay: 13_000 }], uploadedBy: 'pmec@example.com' });
    expect(await data.registerEntryByNrc(leaves.nrc)).toBeNull();
    expect(await data.registerEntryByEmployeeNumber(leaves.employee_number)).toBeNull();
    expect(await data.registerEntryByNrc(stays.nrc)).toEqual({ ...stays, basic_pay: 13_000, month: '2026-06' });
    expect((await data.registerMonths()).find((m) => m.month === '2026-06')).toMatchObject({ employees: 1 });
  });

  it('is idempotent: a replayed submission changes nothing, even after another register replaced it', async () => {
    const [first, second] = [registerEntry(), registerEntry()];
    const submissionId = `sub-${first.employee_number}`;
    await data.putRegister({ month: '2026-07', entries: [first], uploadedBy: 'pmec@example.com', submissionId });
    await data.putRegister({ month: '2026-07', entries: [first], uploadedBy: 'pmec@example.com', submissionId });
    expect(await data.currentRegister()).toMatchObject({ version: submissionId, employees: 1, submission_id: submissionId });
    await data.putRegister({ month: '2026-08', entries: [second], uploadedBy: 'pmec@example.com' });
    await data.putRegister({ month: '2026-07', entries: [first], uploadedBy: 'pmec@example.com', submissionId });
    expect(await data.registerEntryByNrc(first.nrc)).toBeNull();
    expect(await data.registerEntryByNrc(second.nrc)).toMatchObject({ month: '2026-08' });
  });

  it('reads many employees of a register in batches, by NRC digits and by employee number', async () => {
    const entries = Array.from({ length: 250 }, () => registerEntry());
    await data.putRegister({ month: '2026-09', entries, uploadedBy: 'pmec@example.com' });
    const { version } = (await data.currentRegister())!;
    const absent = registerEntry();
    const found = await data.registerEntriesOf(version, {
      nrcDigits: [...entries.slice(0, 150), absent].map((e) => e.nrc.replaceAll('/', '')),
      employeeNumbers: [...entries.slice(100), absent].map((e) => e.employee_number),
    });
    expect(found.byNrcDigits.size).toBe(150);
    expect(found.byEmployeeNumber.size).toBe(150);
    expect(found.byEmployeeNumber.get(entries[200]!.employee_number)).toEqual({ ...entries[200], month: '2026-09' });
  });
});

describe('addToCurrentRegister', () => {
  it('adds employees to the current register without replacing it, several at once', async () => {
    const kept = registerEntry();
    await data.putRegister({ month: '2026-10', entries: [kept], uploadedBy: 'pmec@example.com' });
    const batches = Array.from({ length: 4 }, () => [registerEntry(), registerEntry()]);
    await Promise.all(batches.map((entries) => addToCurrentRegister(entries)));
    for (const entry of [kept, ...batches.flat()]) expect(await data.registerEntryByNrc(entry.nrc)).toEqual({ ...entry, month: '2026-10' });
  });
});
