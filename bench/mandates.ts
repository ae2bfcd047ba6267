import { randomUUID } from 'node:crypto';
import { shiftMonth } from '#shared/rules/dates.js';
import { CROCKFORD } from '#shared/rules/mandate.js';
import type { Bench, Figure } from './figures.js';
import { generateInputsWorkbook } from './fixtures.js';
import { median, progress, putPendingInputs, withTwin } from './support.js';

const ROWS = Number(process.env.MANDATES_ROWS ?? 100_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** This month's file drops the previous month's first fifth of borrowers and adds as many new ones, each citing a mandate. */
const NEW = Math.round(ROWS / 5);
const MONTH = '2026-04';
const PAYEE = 'MB01';
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

/** The mandate number borrower `b` cites: its number in Crockford's base32, so every one is distinct. */
const numberOf = (b: number) => {
  const symbols = Array.from({ length: 8 }, (_, i) => CROCKFORD[Math.floor(b / 32 ** (7 - i)) % 32]).join('');
  return `MD-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
};
/** Borrower b's NRC, as bench/fixtures.ts generates it. */
const nrcOf = (b: number) => `${String(100_000 + b)}/${String(10 + (b % 90))}/${1 + (b % 9)}`;

/**
 * The validation of a 100,000-row inputs file whose 20,000 new deductions each cite a claimed mandate
 * (read, the MANDATE column through the rules, the borrower table, the signals with the mandates they
 * cite), against the same stage of the same file with the mandate check off, rounds alternating on the
 * same twin. The claimed mandates are mirrored on the borrowers' NRC summaries, which the signals read
 * anyway: a covered deduction costs no read of its own.
 */
export const mandatesBench: Bench = {
  name: 'mandates',
  async run(): Promise<Figure[]> {
    return withTwin(async (twin) => {
      Object.assign(process.env, twin.env);
      const { tableName } = await import('#adapters/aws-clients.js');
      const { batchWriteAll } = await import('#adapters/dynamo/toolkit.js');
      const { mandateItem } = await import('#data/mandates/mandates.js');
      const { mandateEntryName, nrcSummaryKey } = await import('#data/history/summaries.js');
      const { putResult, resultKeys } = await import('#data/uploads/results.js');
      const { validateWorkbookStreamed } = await import('../lambdas/validation/stream-driver.js');
      const { FileBorrowers } = await import('../lambdas/events/file-borrowers.js');
      const { signalsOf } = await import('../lambdas/events/upload-signals.js');
      const { UploadSignals } = await import('../lambdas/events/signal-output.js');
      const { hashPin } = await import('#lib/pin-hash.js');
      const previousMonth = shiftMonth(MONTH, -1);

      progress(`seeding: the previous month (${ROWS.toLocaleString('en-US')} rows) and ${NEW.toLocaleString('en-US')} claimed mandates`);
      const previous = await validateWorkbookStreamed(generateInputsWorkbook({ rows: ROWS, month: previousMonth, payeeKey: PAYEE }), {
        kind: 'inputs',
        month: previousMonth,
        payeeKey: PAYEE,
      });
      const id = '00000000-0000-4000-8000-0000000000a1';
      const submittedAt = `${previousMonth}-03T08:00:00.000Z`;
      await putResult(resultKeys(id).rows, JSON.stringify(previous.rows), 'application/json');
      await putPendingInputs(id, PAYEE, previousMonth, submittedAt);
      const pin = await hashPin('123456');
      const at = `${MONTH}-02T08:00:00.000Z`;
      const mandates = Array.from({ length: NEW }, (_, i) => {
        const b = ROWS + i;
        const nrc = nrcOf(b);
        return mandateItem({
          number: numberOf(b),
          nrc,
          nrc_digits: nrc.replace(/\D/g, ''),
          payee_key: PAYEE,
          org_name: 'Bench Bank',
          max_monthly: 10_000,
          last_month: shiftMonth(MONTH, 48),
          state: 'claimed',
          mobile: '+260970000000',
          ...pin,
          pin_failures: 0,
          issued_at: at,
          claim_by: '2099-01-01T00:00:00.000Z',
          claimed_at: at,
          claimed_by: 'bench',
          claimed_by_email: 'bench@example.com',
        });
      });
      // Their mirrors on the borrowers' NRC summaries, as the claims wrote them (lambdas/data/mandates/mirror.ts).
      const mirrors = Array.from({ length: NEW }, (_, i) => {
        const b = ROWS + i;
        return {
          ...nrcSummaryKey(nrcOf(b).replace(/\D/g, '')),
          [mandateEntryName(numberOf(b))]: { p: PAYEE, l: 10_000, e: shiftMonth(MONTH, 48), s: 'claimed', u: null },
        };
      });
      let t = performance.now();
      await batchWriteAll(tableName('directory'), mandates, { busy: 'DynamoDB Local is busy' });
      await batchWriteAll(tableName('history'), mirrors, { busy: 'DynamoDB Local is busy' });
      const seedSeconds = (performance.now() - t) / 1000;

      const file = generateInputsWorkbook({ rows: ROWS, month: MONTH, payeeKey: PAYEE, offset: NEW, mandateOf: (b) => (b >= ROWS ? numberOf(b) : null) });
      const upload = { doc_kind: 'inputs' as const, month: MONTH, payee_key: PAYEE };
      async function stage(checkMandates: boolean) {
        const started = performance.now();
        const borrowers = new FileBorrowers();
        await validateWorkbookStreamed(file, { kind: 'inputs', month: MONTH, payeeKey: PAYEE, onRow: (row, rowNumber) => borrowers.add(row, rowNumber) });
        // The signals written as validation writes them, under a key of this round's own.
        const report = await signalsOf(upload, borrowers, new UploadSignals(randomUUID()), { mandates: checkMandates });
        return { ms: performance.now() - started, report };
      }

      const checked: number[] = [];
      const unchecked: number[] = [];
      let report: Awaited<ReturnType<typeof stage>>['report'] | null = null;
      for (let round = 1; round <= RUNS; round++) {
        progress(`round ${round}/${RUNS}: the validation with the mandate check and without, alternating`);
        const order = round % 2 ? [true, false] : [false, true];
        for (const check of order) {
          const run = await stage(check);
          (check ? checked : unchecked).push(run.ms);
          if (check) report = run.report;
        }
      }
      if (report!.counts.new !== NEW || report!.counts.no_mandate !== 0)
        throw new Error(`the check classified ${JSON.stringify(report!.counts)}: expected ${NEW} new deductions, each covered`);
      // Each round runs both back to back: the median of the rounds' ratios is what load on the machine
      // drifting between rounds changes least.
      t = median(checked.map((value, i) => value / unchecked[i]!));
      return [
        {
          name: 'mandates.validation_ms',
          value: median(checked),
          unit: 'ms',
          baseline: 'the same file without the mandate check',
          baseline_value: median(unchecked),
          ratio: t,
          note: `${ROWS.toLocaleString('en-US')} rows, ${NEW.toLocaleString('en-US')} new deductions each citing a claimed mandate (checked on the NRC summaries the signals read); the ratio is the median of the rounds' own; medians of ${RUNS} (with ${checked.map(ms).join(', ')}; without ${unchecked.map(ms).join(', ')}); ${NEW.toLocaleString('en-US')} mandates seeded in ${seedSeconds.toFixed(1)} s`,
        },
        {
          name: 'mandates.vs_without_check',
          value: t,
          unit: '×',
          target: { op: '<=', value: 1.1 },
          baseline: 'the same file without the mandate check, in the same round',
          baseline_value: median(unchecked),
        },
      ];
    });
  },
};
