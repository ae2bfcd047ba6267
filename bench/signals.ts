import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { InitializeMiddleware } from '@smithy/types';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { shiftMonth } from '#shared/rules/dates.js';
import type { Bench, Figure } from './figures.js';
import { generateInputsWorkbook } from './fixtures.js';
import { bundledChild, median, progress, putPendingInputs, withTwin } from './support.js';

const ROWS = Number(process.env.SIGNALS_ROWS ?? 100_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** This month's file holds the previous month's borrowers from this one on, and as many new ones. */
const SHIFT = Math.round(ROWS / 50);
const MONTH = '2026-04';
const PAYEE = 'S001';
const OTHER = 'S002';
const PARALLEL = 16;
/** V8's old space when the stage is held to a 256 MB process. */
const OLD_SPACE_MB = 160;
/** The tenfold lender's file, whose validation stage's memory is measured too, and the old space it must complete in. */
const MEMORY_ROWS = Number(process.env.SIGNALS_MEMORY_ROWS ?? 1_000_000);
const MEMORY_OLD_SPACE_MB = 256;
const BIG = 'S003';
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
/** A CPU profile of this process from now until `stop(file)` writes it (open it in Chrome's DevTools). */
async function startProfile(): Promise<{ stop(file: string): Promise<void> }> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
/** The signals step and its writer as an earlier revision's tree (a folder) has them, loaded beside this tree's. */
async function earlierStep(dir: string) {
  const { signalsOf } = (await import(path.resolve(dir, 'lambdas/events/upload-signals.ts'))) as typeof import('../lambdas/events/upload-signals.js');
  const { UploadSignals } = (await import(path.resolve(dir, 'lambdas/events/signal-output.ts'))) as typeof import('../lambdas/events/signal-output.js');
  return { signalsOf, UploadSignals };
}
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

/**
 * The deduction signals of a 100,000-row inputs file reconciled against a 100,000-row previous
 * month of the same payee key (its stored rows) and checked for identity and exposure (the borrower
 * summaries, a second lender on a third of the borrowers), against a raw BatchGetItem of one summary
 * item per distinct NRC of the file on the same DynamoDB, rounds alternating. The validation stage of
 * that file (rules, registry, signals) runs in a fresh process for its peak memory.
 */
export const signalsBench: Bench = {
  name: 'signals',
  async run(): Promise<Figure[]> {
    // The memory stage alone (SIGNALS_MEMORY_ONLY) times nothing of the twin's: its DynamoDB holds the file checks in memory.
    return withTwin({ inMemory: Boolean(process.env.SIGNALS_MEMORY_ONLY) }, async (twin) => {
      Object.assign(process.env, twin.env);
      const { dynamo, tableName } = await import('#adapters/aws-clients.js');
      const { nrcSummaryKey } = await import('#data/history/summaries.js');
      const { writeSummaries } = await import('#data/history/summary-writes.js');
      const { putResult, resultKeys } = await import('#data/uploads/results.js');
      const { validateWorkbookStreamed } = await import('../lambdas/validation/stream-driver.js');
      const { signalsOf } = await import('../lambdas/events/upload-signals.js');
      const { UploadSignals } = await import('../lambdas/events/signal-output.js');
      const { nrcDigits } = await import('#shared/rules/nrc.js');
      const previousMonth = shiftMonth(MONTH, -1);
      const submittedAt = `${previousMonth}-03T08:00:00.000Z`;
      const { putRegister } = await import('#data/register/versions.js');
      /** PMEC's payroll register of these rows' borrowers, as putRegister writes it (its snapshot too). */
      const seedRegister = (rows: readonly CanonicalRow[]) =>
        putRegister({
          month: MONTH,
          uploadedBy: 'bench',
          entries: rows.map((row) => ({
            nrc: row.nrc!,
            employee_number: row.employee_no!,
            first_name: row.first_name ?? '',
            last_name: row.last_name ?? '',
            mobile: '+260971234567',
            basic_pay: 8_000,
            ministry: null,
          })),
        });
      /**
       * The tenfold lender: a previous month of MEMORY_ROWS rows stored as validation stores them, then this month's
       * file of as many (shifted as the small file is) through the validation stage (`script`) in a fresh process.
       */
      async function tenfold(script: string) {
        progress(`the validation stage of a ${MEMORY_ROWS.toLocaleString('en-US')}-row file in a fresh process (${MEMORY_OLD_SPACE_MB} MB old space)`);
        const { JsonArrayUpload } = await import('#adapters/s3-json-array-upload.js');
        const bigId = '00000000-0000-4000-8000-000000000003';
        const bigRows = new JsonArrayUpload(resultKeys(bigId).rows);
        const bigPrevious = generateInputsWorkbook({ rows: MEMORY_ROWS, month: previousMonth, payeeKey: BIG, offset: 5_000_000 });
        await validateWorkbookStreamed(bigPrevious, { kind: 'inputs', month: previousMonth, payeeKey: BIG, onRow: (row) => bigRows.push(row) }, () =>
          bigRows.drain(),
        );
        await bigRows.complete();
        await putPendingInputs(bigId, BIG, previousMonth, submittedAt);
        const bigFile = path.join(tmpdir(), `payroll-bench-signals-${MEMORY_ROWS}.xlsx`);
        writeFileSync(bigFile, generateInputsWorkbook({ rows: MEMORY_ROWS, month: MONTH, payeeKey: BIG, offset: 5_000_000 + Math.round(MEMORY_ROWS / 50) }));
        const { stdout: bigOut } = await promisify(execFile)(process.execPath, [`--max-old-space-size=${MEMORY_OLD_SPACE_MB}`, script, bigFile, MONTH, BIG], {
          cwd: root,
          env: process.env,
          maxBuffer: 1 << 20,
        });
        const big = JSON.parse(bigOut) as { rows: number; signals: number; ms: number; peak_rss_mb: number; peak_old_mb: number };
        progress(`the ${MEMORY_ROWS.toLocaleString('en-US')}-row stage: ${bigOut.trim()}`);
        if (big.rows !== MEMORY_ROWS) throw new Error(`the ${MEMORY_ROWS}-row stage kept ${big.rows} rows`);
        // Its borrowers are all off the register seeded above (NOT_ON_PAYROLL each): their signals are written as found, never held.
        if (big.signals < MEMORY_ROWS) throw new Error(`the ${MEMORY_ROWS}-row stage listed ${big.signals} signals, not one a borrower off the register`);
        return big;
      }
      // SIGNALS_MEMORY_ONLY=1: the tenfold lender's stage alone, against a register of the small file's borrowers.
      if (process.env.SIGNALS_MEMORY_ONLY) {
        const small = await validateWorkbookStreamed(generateInputsWorkbook({ rows: ROWS, month: MONTH, payeeKey: PAYEE, offset: SHIFT }), {
          kind: 'inputs',
          month: MONTH,
          payeeKey: PAYEE,
        });
        await seedRegister(small.rows.filter((_, i) => i % 50 !== 0));
        const big = await tenfold(await bundledChild('signals-child'));
        console.error(`the ${MEMORY_ROWS.toLocaleString('en-US')}-row stage against a register of ${Math.round(ROWS * 0.98)}: ${JSON.stringify(big)}`);
        return [];
      }

      progress(`seeding: the previous month (${ROWS.toLocaleString('en-US')} rows) and its borrower summaries`);
      const parse = (month: string, offset: number, payeeKey = PAYEE) =>
        validateWorkbookStreamed(generateInputsWorkbook({ rows: ROWS, month, payeeKey, offset }), { kind: 'inputs', month, payeeKey });
      const previous = await parse(previousMonth, 0);
      const id = '00000000-0000-4000-8000-000000000001';
      await putResult(resultKeys(id).rows, JSON.stringify(previous.rows), 'application/json');
      await putPendingInputs(id, PAYEE, previousMonth, submittedAt);
      let t = performance.now();
      progress(`writing ${(ROWS * 2).toLocaleString('en-US')} summary entries`);
      const written = await writeSummaries(
        { submissionId: id, kind: 'inputs', month: previousMonth, payeeKey: PAYEE, orgId: null, orgName: null, submittedAt },
        previous.rows,
      );
      const summarySeconds = (performance.now() - t) / 1000;
      const summaryWrites = (ROWS * 2) / summarySeconds;
      // What ingestion does next: reads each employee number back and marks those under two NRCs.
      const { markSharedEmployeeNumbers } = await import('#data/history/shared-employee-numbers.js');
      t = performance.now();
      await markSharedEmployeeNumbers(
        { submissionId: id, kind: 'inputs', month: previousMonth, payeeKey: PAYEE, orgId: null, orgName: null, submittedAt },
        previous.rows,
        written.employeeNumbers,
      );
      const markSeconds = (performance.now() - t) / 1000;
      // A second lender deducts from a third of the borrowers, under other employee numbers.
      const other = previous.rows.filter((_, i) => i % 3 === 0).map((row) => ({ ...row, employee_no: `O${row.employee_no}` }));
      await writeSummaries(
        {
          submissionId: '00000000-0000-4000-8000-000000000002',
          kind: 'inputs',
          month: previousMonth,
          payeeKey: OTHER,
          orgId: null,
          orgName: null,
          submittedAt,
        },
        other,
      );

      const file = generateInputsWorkbook({ rows: ROWS, month: MONTH, payeeKey: PAYEE, offset: SHIFT });
      const current = await validateWorkbookStreamed(file, { kind: 'inputs', month: MONTH, payeeKey: PAYEE });
      // PMEC's payroll register holds the file's borrowers but one in fifty (NOT_ON_PAYROLL): the signals step
      // reads it too, once, as the snapshot putRegister writes (lambdas/data/register/snapshot.ts); the raw baseline does not.
      progress(`seeding a payroll register of ${Math.round(ROWS * 0.98).toLocaleString('en-US')} of the file's borrowers`);
      const onPayroll = current.rows.filter((_, i) => i % 50 !== 0);
      await seedRegister(onPayroll);
      const table = tableName('history');
      const keys = [...new Set(current.rows.map((row) => nrcDigits(row.nrc)))].map(nrcSummaryKey);
      // The file's borrowers as the Lambda keeps them while it reads the rows.
      const { FileBorrowers } = await import('../lambdas/events/file-borrowers.js');
      const borrowers = new FileBorrowers();
      current.rows.forEach((row, i) => borrowers.add(row, current.row_numbers[i]!));

      async function rawBatchGet(): Promise<number> {
        const batches: (typeof keys)[] = [];
        for (let i = 0; i < keys.length; i += 100) batches.push(keys.slice(i, i + 100));
        let next = 0;
        let found = 0;
        await Promise.all(
          Array.from({ length: PARALLEL }, async () => {
            while (next < batches.length) {
              let pending: Record<string, unknown>[] = batches[next++]!;
              while (pending.length) {
                const out: BatchGetCommandOutput = await dynamo.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }));
                found += out.Responses?.[table]?.length ?? 0;
                pending = (out.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined) ?? [];
              }
            }
          }),
        );
        return found;
      }

      // Every SDK call the signals step makes, by command (the raw baseline's are one BatchGetItem per 100 NRCs).
      const calls = new Map<string, number>();
      let counting = false;
      const count = (name: string) => counting && calls.set(name, (calls.get(name) ?? 0) + 1);
      const counter =
        <I extends object, O extends object>(): InitializeMiddleware<I, O> =>
        (next, context) =>
        (args) => (count(String(context.commandName)), next(args));
      const counted = { step: 'initialize', name: 'benchCallCounter' } as const;
      dynamo.middlewareStack.add(counter(), counted);
      (await import('#adapters/aws-clients.js')).s3.middlewareStack.add(counter(), counted);
      const raw: number[] = [];
      const step: number[] = [];
      let report: Awaited<ReturnType<typeof signalsOf>> | null = null;
      // SIGNALS_BEFORE=DIR (an earlier revision's tree, `git archive`d, node_modules linked): its signals step
      // alternates with this tree's in every round, each beside a raw baseline of its own, on this one seeded twin.
      const before = process.env.SIGNALS_BEFORE ? await earlierStep(process.env.SIGNALS_BEFORE) : null;
      const beforeRaw: number[] = [];
      const beforeStep: number[] = [];
      const oneStep = async (signals: typeof signalsOf, Output: typeof UploadSignals, into: { raw: number[]; step: number[] }, last: boolean) => {
        t = performance.now();
        await rawBatchGet();
        into.raw.push(performance.now() - t);
        counting = last;
        const profiling = counting && process.env.SIGNALS_CPU_PROFILE ? await startProfile() : null;
        t = performance.now();
        // The signals handed to validation's writer, as validation does (its lists stay in memory below a part, 8 MB).
        const found = await signals({ doc_kind: 'inputs', month: MONTH, payee_key: PAYEE }, borrowers, new Output(randomUUID()));
        into.step.push(performance.now() - t);
        if (profiling) await profiling.stop(process.env.SIGNALS_CPU_PROFILE!);
        counting = false;
        return found;
      };
      for (let round = 1; round <= RUNS; round++) {
        progress(`round ${round}/${RUNS}: raw BatchGetItem of ${keys.length.toLocaleString('en-US')} summaries, then the signals step`);
        const afterFirst = round % 2 === 1;
        if (before && !afterFirst) await oneStep(before.signalsOf, before.UploadSignals, { raw: beforeRaw, step: beforeStep }, false);
        report = await oneStep(signalsOf, UploadSignals, { raw, step }, round === RUNS);
        if (before && afterFirst) await oneStep(before.signalsOf, before.UploadSignals, { raw: beforeRaw, step: beforeStep }, false);
      }
      if (before) {
        const ratios = (s: number[], r: number[]) => s.map((v, i) => v / r[i]!);
        console.error(
          `after: ratio ${(median(step) / median(raw)).toFixed(2)} (rounds ${ratios(step, raw)
            .map((v) => v.toFixed(2))
            .join(', ')}); before: ratio ${(median(beforeStep) / median(beforeRaw)).toFixed(2)} (rounds ${ratios(beforeStep, beforeRaw)
            .map((v) => v.toFixed(2))
            .join(', ')}); before step ${beforeStep.map(ms).join(', ')}; raw ${beforeRaw.map(ms).join(', ')}`,
        );
      }
      const callNote = [...calls].map(([name, n]) => `${name.replace(/Command$/, '')} ${n.toLocaleString('en-US')}`).join(', ');
      if (process.env.SIGNALS_STEP_ONLY) {
        console.error(
          `step ${step.map(ms).join(', ')}; raw ${raw.map(ms).join(', ')}; ratio ${(median(step) / median(raw)).toFixed(2)}; ${callNote}; ${JSON.stringify(report!.counts)}`,
        );
        return [];
      }
      // The file's check of every NRC it names (lambdas/data/audit/file-checks.ts): alone, as validation runs it beside the signals.
      progress(`the file checks: an audit pointer for each of ${keys.length.toLocaleString('en-US')} NRCs`);
      const { writeFileChecks, fileCheckItem } = await import('#data/audit/file-checks.js');
      const { itemBytes, writeUnits } = await import('../capacity/item-size.js');
      const { PRICES } = await import('../capacity/prices.js');
      const check = {
        upload_id: '00000000-0000-4000-8000-000000000009',
        org_id: '00000000-0000-4000-8000-00000000000a',
        user_id: 'bench-user',
        user_email: 'loans.officer@lender.co.zm',
        at: `${MONTH}-05T08:00:00.000Z`,
      };
      const digitsOfFile = [...new Set(current.rows.map((row) => nrcDigits(row.nrc)))];
      t = performance.now();
      const checked = await writeFileChecks(check, digitsOfFile);
      const checkMs = performance.now() - t;
      const checkBytes = itemBytes(fileCheckItem(check, digitsOfFile[0]!));
      // Each pointer and its gsi1 copy, at the model's on-demand price (capacity/prices.ts).
      const checkUnits = checked * 2 * writeUnits(checkBytes);
      const checkUsd = (checkUnits * PRICES.dynamoWriteUnits.usd) / 1e6;
      if (report!.counts.changed + report!.counts.continuing + report!.counts.new !== ROWS)
        throw new Error(`signals classified ${JSON.stringify(report!.counts)} of ${ROWS} borrowers`);
      if (report!.counts.not_on_payroll !== ROWS - onPayroll.length)
        throw new Error(`NOT_ON_PAYROLL ${report!.counts.not_on_payroll} of ${ROWS - onPayroll.length} off the register`);

      progress('the validation stage in a fresh process, for its peak memory');
      const script = await bundledChild('signals-child');
      const fileName = path.join(tmpdir(), `payroll-bench-signals-${ROWS}.xlsx`);
      writeFileSync(fileName, file);
      const stage = async (flags: string[]) => {
        const { stdout } = await promisify(execFile)(process.execPath, [...flags, script, fileName, MONTH, PAYEE], {
          cwd: root,
          env: process.env,
          maxBuffer: 1 << 20,
        });
        return JSON.parse(stdout) as { rows: number; signals: number; ms: number; peak_rss_mb: number };
      };
      // Node's default heap limit on this machine is gigabytes, so a lone process collects lazily and its
      // peak says more about the collector than about the stage. Within a 256 MB budget the old space
      // gets what the runtime, code and young space leave: the stage must complete there.
      const uncapped = await stage([]);
      const child = await stage([`--max-old-space-size=${OLD_SPACE_MB}`]);

      const big = await tenfold(script);

      const ratio = median(step) / median(raw);
      const counts = Object.entries(report!.counts)
        .map(([name, n]) => `${name} ${n.toLocaleString('en-US')}`)
        .join(', ');
      return [
        {
          name: 'signals.step_ms',
          value: median(step),
          unit: 'ms',
          baseline: 'raw BatchGetItem, one summary per NRC',
          baseline_value: median(raw),
          ratio,
          note: `${ROWS.toLocaleString('en-US')} rows against ${ROWS.toLocaleString('en-US')} of the previous month; medians of ${RUNS} (signals ${step.map(ms).join(', ')}; raw ${raw.map(ms).join(', ')}); ${counts}; the signals step's calls: ${callNote} (raw: BatchGetItem ${Math.ceil(keys.length / 100).toLocaleString('en-US')})`,
        },
        {
          name: 'signals.vs_raw_batch_get',
          value: ratio,
          unit: '×',
          target: { op: '<=', value: 1.25 },
          baseline: 'raw BatchGetItem, one summary per NRC',
          baseline_value: median(raw),
        },
        {
          name: 'signals.validation_peak_rss_mb',
          value: child.peak_rss_mb,
          unit: 'MB',
          target: { op: '<=', value: 256 },
          note: `the validation stage of that file in a fresh process with a ${OLD_SPACE_MB} MB old space (rules, registry check, signals: ${child.signals.toLocaleString('en-US')} listed) in ${ms(child.ms)}; with Node's default heap limit it peaks at ${Math.round(uncapped.peak_rss_mb)} MB in ${ms(uncapped.ms)}`,
        },
        {
          name: 'signals.validation_peak_rss_mb_1m',
          value: big.peak_rss_mb,
          unit: 'MB',
          target: { op: '<=', value: 512 },
          baseline: `the ${ROWS.toLocaleString('en-US')}-row stage, MB`,
          baseline_value: child.peak_rss_mb,
          ratio: big.peak_rss_mb / child.peak_rss_mb,
          note: `the validation stage of a ${MEMORY_ROWS.toLocaleString('en-US')}-row file against a previous month of as many, its borrowers off a register of ${onPayroll.length.toLocaleString('en-US')} (rows to rows.json in parts, the compact borrower table; ${big.signals.toLocaleString('en-US')} signals written by kind as found, the CSV report merged from them) within a ${MEMORY_OLD_SPACE_MB} MB old space (its use peaking at ${Math.round(big.peak_old_mb)} MB), in ${ms(big.ms)}: ten times the rows in ${(big.peak_rss_mb / child.peak_rss_mb).toFixed(1)} times the memory`,
        },
        {
          name: 'signals.file_checks_per_s',
          value: checked / (checkMs / 1000),
          unit: 'items/s',
          baseline: 'summary writes, items/s',
          baseline_value: summaryWrites,
          note: `${checked.toLocaleString('en-US')} pointers of ${checkBytes} B in ${ms(checkMs)} (BatchWriteItem, 16 in flight): ${checkUnits.toLocaleString('en-US')} WRU with their gsi1 copies, $${checkUsd.toFixed(4)} a validation of this file at $${PRICES.dynamoWriteUnits.usd} per million WRU`,
        },
        {
          name: 'signals.summary_writes_per_s',
          value: summaryWrites,
          unit: 'items/s',
          note: "what ingestion adds: a record update per borrower (and an employee number's while its pair is unsettled), plain UpdateItems, 16 in flight",
        },
        {
          name: 'signals.shared_marks_s',
          value: markSeconds,
          unit: 's',
          baseline: `writing the summaries of those ${ROWS.toLocaleString('en-US')} rows, s`,
          baseline_value: summarySeconds,
          ratio: markSeconds / summarySeconds,
          note: 'what ingestion adds for /history: a strongly consistent BatchGetItem of every employee number of the file after its summaries, and a mark on the records of those under two NRCs',
        },
      ];
    });
  },
};
