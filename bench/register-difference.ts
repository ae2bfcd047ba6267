import type { RegisterEmployee } from '#shared/rules/register.js';
import { EVENT_FUNCTION } from '../infra/sizing.js';
import type { Bench, Figure } from './figures.js';
import { generateRegisterWorkbook } from './register.js';
import { median, progress } from './support.js';

const EMPLOYEES = Number(process.env.REGISTER_EMPLOYEES ?? 300_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** The part of the register the new one shifts: that many removed at the start, as many added at the end. */
const SHIFT = Math.floor(EMPLOYEES / 100);
const MB = 1_048_576;

/** A buffer as S3 hands a body over: in 1 MB pieces. */
async function* pieces(data: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < data.length; at += MB) yield data.subarray(at, at + MB);
}

/**
 * A register's difference at Zambia's scale, as validation computes it (lambdas/events/register-difference.ts):
 * the current register of 300,000 read once from its rows.json (streamed, parsed in batches, into
 * RegisterBase's columns), then a new register of as many, shifted by 1% (3,000 removed, 3,000 added),
 * validated with every employee compared as it is handed on: the read against a tenth of the event function's
 * timeout, the validation against the same validation without the difference in the same run (target ≤ 1.5×),
 * and the memory the current register takes (target ≤ 64 MB, an eighth of the event function's).
 */
export const registerDifferenceBench: Bench = {
  name: 'register-difference',
  async run(): Promise<Figure[]> {
    const { validateRegisterStreamed } = await import('../lambdas/validation/stream-driver.js');
    const { jsonArrayBatches } = await import('#lib/json-array.js');
    const { RegisterBase } = await import('#shared/rules/register-base.js');
    const { RegisterDifference } = await import('#shared/rules/register-difference.js');
    progress(`generating the current register's rows.json and a new register, ${EMPLOYEES.toLocaleString('en-US')} employees each`);
    const parts: string[] = [];
    await validateRegisterStreamed(generateRegisterWorkbook(EMPLOYEES), (e) => void parts.push(JSON.stringify(e)));
    const rowsJson = new TextEncoder().encode(`[${parts.join(',')}]`);
    parts.length = 0;
    const file = generateRegisterWorkbook(EMPLOYEES, SHIFT);

    const plain: number[] = [];
    const withDifference: number[] = [];
    const loads: number[] = [];
    let baseBytes = 0;
    let counts = { added: 0, removed: 0, changed: 0 };
    for (let run = 0; run < RUNS; run++) {
      progress(`run ${run + 1}/${RUNS}: validation alone, then the current register read and the validation with the difference`);
      let t = performance.now();
      await validateRegisterStreamed(file, () => undefined);
      plain.push(performance.now() - t);

      t = performance.now();
      const base = new RegisterBase(EMPLOYEES);
      for await (const batch of jsonArrayBatches<RegisterEmployee>(pieces(rowsJson))) for (const e of batch) base.add(e);
      base.seal();
      loads.push(performance.now() - t);
      t = performance.now();
      // Five columns of doubles, two indexes of 32-bit positions, a byte an employee for what was matched.
      baseBytes = base.nrc.length * 8 * 5 + base.size * (4 * 2 + 1);
      const difference = new RegisterDifference(base, () => undefined);
      await validateRegisterStreamed(file, (e) => difference.compare(e));
      counts = difference.finish().counts;
      withDifference.push(performance.now() - t);
    }
    if (counts.removed !== SHIFT || counts.added !== SHIFT || counts.changed !== 0) throw new Error(`unexpected difference: ${JSON.stringify(counts)}`);
    const ratio = median(withDifference) / median(plain);
    return [
      {
        name: 'register-difference.read_current_s',
        value: median(loads) / 1000,
        unit: 's',
        target: { op: '<=', value: EVENT_FUNCTION.timeoutSeconds / 10 },
        note: `the current register's ${(rowsJson.length / MB).toFixed(1)} MB of rows.json streamed into RegisterBase and sealed, once a validation; median of ${RUNS}`,
      },
      {
        name: 'register-difference.validation_s',
        value: median(withDifference) / 1000,
        unit: 's',
        baseline: 'the same validation without the difference',
        baseline_value: median(plain) / 1000,
        ratio,
        target: { op: '<=', value: (1.5 * median(plain)) / 1000 },
        note: `${EMPLOYEES.toLocaleString('en-US')} employees, each compared as it is handed on, against a current register of as many; ${SHIFT.toLocaleString('en-US')} removed and added; median of ${RUNS}`,
      },
      {
        name: 'register-difference.current_register_mb',
        value: baseBytes / MB,
        unit: 'MB',
        target: { op: '<=', value: 64 },
        note: `the current register held as numbers (RegisterBase) while the new one streams; the event function has ${EVENT_FUNCTION.memoryMb} MB`,
      },
    ];
  },
};
