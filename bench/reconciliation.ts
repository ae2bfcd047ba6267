import { jsonLines } from '#lib/jsonl.js';
import type { AppliedRow } from '#shared/rules/applied.js';
import { toCsv } from '#shared/rules/csv.js';
import type { ScheduleLine } from '#shared/rules/payroll-schedule.js';
import { addApplied, type AppliedIndex, reconcileByLender } from '#shared/rules/reconciliation.js';
import type { Bench, Figure } from './figures.js';
import { median, progress } from './support.js';

const LINES = Number(process.env.RECONCILIATION_LINES ?? 300_000);
const LENDERS = 60;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const MB = 1_048_576;

/** A buffer as S3 hands a body over: in 1 MB pieces. */
async function* pieces(data: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < data.length; at += MB) yield data.subarray(at, at + MB);
}

/** A month of LINES schedule lines over LENDERS payee keys (sorted, as frozen) and what the payroll applied. */
function month(): { schedule: Uint8Array; applied: AppliedRow[] } {
  const lines: string[] = [];
  const applied: AppliedRow[] = [];
  for (let i = 0; i < LINES; i++) {
    const payee_key = `L${String(Math.floor((i * LENDERS) / LINES)).padStart(3, '0')}`;
    const line: ScheduleLine = {
      payee_key,
      employee_no: `EMP${String(i).padStart(7, '0')}`,
      nrc: `${String(100000 + i)}/10/1`,
      name: `Mwila Banda ${i}`,
      amount: 250,
      start_date: '',
      end_date: '',
    };
    lines.push(JSON.stringify(line));
    // 90% in full, 5% short, 3% nothing (left out), 2% over the line; 1% deducted with no line.
    const kind = i % 100;
    if (kind < 97)
      applied.push({
        payee_key,
        employee_no: line.employee_no,
        nrc: line.nrc,
        amount: kind < 90 ? 250 : kind < 95 ? 100 : 300,
        reason: kind >= 90 && kind < 95 ? 'INSUFFICIENT PAY' : null,
      });
    if (kind === 99) applied.push({ payee_key, employee_no: `X${line.employee_no}`, nrc: line.nrc, amount: 75, reason: null });
  }
  return { schedule: new TextEncoder().encode(lines.join('\n')), applied };
}

function indexOf(rows: readonly AppliedRow[]): AppliedIndex {
  const index: AppliedIndex = new Map();
  for (const row of rows) addApplied(index, row);
  return index;
}

/**
 * Reconciliation of a 300,000-line month as validation runs it (lambdas/events/applied-validation.ts): the schedule's
 * JSONL streamed in 1 MB pieces, joined lender by lender with the applied rows' index, each lender's lines written
 * out as JSONL and CSV text (what goes to S3), against reading the two alone in the same run (the schedule's lines
 * parsed, the applied rows indexed). No target yet: the first run (a loaded machine) measured 0.29×.
 */
export const reconciliationBench: Bench = {
  name: 'reconciliation',
  async run(): Promise<Figure[]> {
    progress(`a month of ${LINES.toLocaleString('en-US')} schedule lines over ${LENDERS} lenders, and what was applied`);
    const { schedule, applied } = month();
    const read: number[] = [];
    const joined: number[] = [];
    let out = 0;
    for (let run = 0; run < RUNS; run++) {
      let started = performance.now();
      indexOf(applied);
      let count = 0;
      for await (const line of jsonLines<ScheduleLine>(pieces(schedule))) count += line.amount > 0 ? 1 : 0;
      if (count !== LINES) throw new Error(`${count} of ${LINES} lines read`);
      read.push(performance.now() - started);

      started = performance.now();
      out = 0;
      for await (const lender of reconcileByLender(jsonLines<ScheduleLine>(pieces(schedule)), indexOf(applied))) {
        const jsonl = lender.lines.map((line) => JSON.stringify(line)).join('\n');
        const csv = toCsv(
          lender.lines.map((l) => [l.employee_no, l.nrc, l.name, lender.payee_key, l.expected.toFixed(2), l.applied.toFixed(2), l.status, l.reason ?? '']),
        );
        out += lender.lines.length + (jsonl.length && csv.length ? 0 : 0);
      }
      joined.push(performance.now() - started);
    }
    const [readMs, joinMs] = [median(read), median(joined)];
    return [
      {
        name: 'reconciliation.read_ms',
        value: Math.round(readMs),
        unit: 'ms',
        note: `the schedule's ${LINES.toLocaleString('en-US')} lines parsed and the applied rows indexed`,
      },
      {
        name: 'reconciliation.join_ms',
        value: Math.round(joinMs),
        unit: 'ms',
        note: `${out.toLocaleString('en-US')} reconciliation lines, each lender's JSONL and CSV made`,
      },
      {
        name: 'reconciliation.read_vs_join',
        value: Math.round((readMs / joinMs) * 100) / 100,
        unit: '×',
        baseline: 'reconciliation.read_ms',
        baseline_value: Math.round(readMs),
        note: 'reading alone ÷ the whole join',
      },
    ];
  },
};
