import { BatchWriteCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { RegisterEmployee } from '#shared/rules/register.js';
import { EVENT_FUNCTION, REGISTER_CHUNKS } from '../infra/sizing.js';
import type { Bench, Figure } from './figures.js';
import { packWorkbook, worksheetXml } from './fixtures.js';
import { median, progress, withTwin } from './support.js';

/** Zambia's civil service, about: the register's size the platform is held to. */
const EMPLOYEES = Number(process.env.REGISTER_EMPLOYEES ?? 300_000);
/** Employees stored on the twin, against raw BatchWriteItem: DynamoDB Local writes a few hundred items a second here. */
const STORED = Number(process.env.REGISTER_STORED ?? 20_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const PARALLEL = 16;
/** A new on-demand table serves this many write units a second at once (the capacity model's figure). */
const NEW_TABLE_WRU = 4_000;
const HEADER = ['EMPLOYEE NUMBER', 'NRC', 'FIRST NAME', 'LAST NAME', 'MOBILE', 'BASIC PAY (ZMW)', 'MINISTRY'];
const NAMES = ['Mwila', 'Chanda', 'Bwalya', 'Mutale', 'Natasha', 'Joseph', 'Grace', 'Kelvin'];
const MINISTRIES = ['Health', 'Education', 'Home Affairs', 'Agriculture', 'Finance'];

/** A register as PMEC would write it: employee numbers, NRCs and mobiles unique (as text), pay as numbers. */
export function generateRegisterWorkbook(employees: number, offset = 0): Uint8Array {
  const strings = [...HEADER, ...NAMES, ...MINISTRIES];
  const names = HEADER.length;
  const ministries = names + NAMES.length;
  function* rowsXml(): Generator<string> {
    yield `<row r="1">${HEADER.map((_, i) => `<c r="${'ABCDEFG'[i]}1" t="s"><v>${i}</v></c>`).join('')}</row>`;
    let piece = '';
    for (let i = 0; i < employees; i++) {
      const r = i + 2;
      const b = offset + i;
      const employee = strings.push(`PM${String(1_000_000 + b)}`) - 1;
      const nrc = strings.push(`${String(200_000 + b)}/${String(10 + (b % 90))}/${1 + (b % 9)}`) - 1;
      const mobile = strings.push(`097${String(b % 10_000_000).padStart(7, '0')}`) - 1;
      piece +=
        `<row r="${r}"><c r="A${r}" t="s"><v>${employee}</v></c><c r="B${r}" t="s"><v>${nrc}</v></c>` +
        `<c r="C${r}" t="s"><v>${names + (b % NAMES.length)}</v></c><c r="D${r}" t="s"><v>${names + ((b * 3) % NAMES.length)}</v></c>` +
        `<c r="E${r}" t="s"><v>${mobile}</v></c><c r="F${r}"><v>${4_000 + (b % 20_000)}</v></c><c r="G${r}" t="s"><v>${ministries + (b % MINISTRIES.length)}</v></c></row>`;
      if (piece.length > 1 << 20) {
        yield piece;
        piece = '';
      }
    }
    yield piece;
  }
  const [head, tail] = worksheetXml('\u0000').split('\u0000') as [string, string];
  const sheet = [head, ...rowsXml(), tail];
  return packWorkbook({ sheets: [{ name: 'Register', xml: sheet }], sharedStrings: strings });
}

const seconds = (ms: number) => ms / 1000;

/**
 * The payroll register at Zambia's scale: a 300,000-employee register validated as the Lambda validates it
 * (streamed, every employee handed on), its time against the event function's; then its employees stored as
 * the ingestion's chunks store them (writeRegisterEntries: two items each) beside raw BatchWriteItem of the
 * very items on the same DynamoDB Local (target ≥ 0.8×), on REGISTER_STORED employees; and what the chunks
 * of 300,000 take at a new on-demand table's 4,000 WRU/s against the function's timeout.
 */
export const registerBench: Bench = {
  name: 'register',
  async run(): Promise<Figure[]> {
    progress(`generating a ${EMPLOYEES.toLocaleString('en-US')}-employee register`);
    const file = generateRegisterWorkbook(EMPLOYEES);
    const { validateRegisterStreamed } = await import('../lambdas/validation/stream-driver.js');
    const times: number[] = [];
    let peakRss = 0;
    for (let run = 0; run < RUNS; run++) {
      progress(`validating, run ${run + 1}/${RUNS} (${(file.length / 1_048_576).toFixed(1)} MB)`);
      let kept = 0;
      const t = performance.now();
      const result = await validateRegisterStreamed(file, () => void kept++);
      times.push(performance.now() - t);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (result.errors.length || kept !== EMPLOYEES) throw new Error(`the register gave ${kept} employees and ${result.errors.length} errors`);
    }

    return withTwin(async (twin) => {
      Object.assign(process.env, twin.env);
      const { dynamo, tableName } = await import('#adapters/aws-clients.js');
      const { writeRegisterEntries } = await import('#data/register/versions.js');
      const table = tableName('register');
      const employees = (round: number): RegisterEmployee[] =>
        Array.from({ length: STORED }, (_, i) => ({
          employee_no: `PM${round}-${i}`,
          nrc: `${String(200_000 + i)}/${String(10 + (i % 90))}/${1 + (i % 9)}`,
          first_name: 'Mwila',
          last_name: 'Banda',
          mobile: `+26097${String(i).padStart(7, '0')}`,
          basic_pay: 8_000,
          ministry: 'Health',
        }));
      const entries = (round: number) =>
        employees(round).map((e) => ({
          nrc: e.nrc,
          employee_number: e.employee_no,
          first_name: e.first_name,
          last_name: e.last_name,
          mobile: e.mobile,
          basic_pay: e.basic_pay,
          ministry: e.ministry,
        }));
      async function rawWrite(version: string, round: number) {
        const items = entries(round).flatMap((e) => {
          const item = { ...e, month: '2026-11', version };
          return [
            { ...item, pk: `R#${version}#NRC#${e.nrc.replace(/\D/g, '')}`, sk: 'E' },
            { ...item, pk: `R#${version}#EMP#${e.employee_number}`, sk: 'E' },
          ];
        });
        let next = 0;
        await Promise.all(
          Array.from({ length: PARALLEL }, async () => {
            while (next * 25 < items.length) {
              let pending = items.slice(next * 25, ++next * 25).map((Item) => ({ PutRequest: { Item } }));
              while (pending.length) {
                const out: BatchWriteCommandOutput = await dynamo.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
                pending = (out.UnprocessedItems?.[table] as typeof pending | undefined) ?? [];
              }
            }
          }),
        );
      }
      const raw: number[] = [];
      const stored: number[] = [];
      for (let round = 0; round < RUNS; round++) {
        progress(`round ${round + 1}/${RUNS}: raw BatchWriteItem, then writeRegisterEntries, ${STORED.toLocaleString('en-US')} employees each`);
        let t = performance.now();
        await rawWrite(`bench-raw-${round}`, round);
        raw.push(STORED / seconds(performance.now() - t));
        t = performance.now();
        await writeRegisterEntries(`bench-${round}`, '2026-11', entries(round));
        stored.push(STORED / seconds(performance.now() - t));
      }
      const validation = median(times);
      const chunks = Math.ceil(EMPLOYEES / 25_000);
      // Two write units an employee (two items under 1 KB), the chunks sharing the table's rate.
      const awsSeconds = (EMPLOYEES * 2) / NEW_TABLE_WRU;
      const chunkSeconds = (awsSeconds / chunks) * REGISTER_CHUNKS.concurrency;
      return [
        {
          name: 'register.validation_s',
          value: seconds(validation),
          unit: 's',
          target: { op: '<=', value: EVENT_FUNCTION.timeoutSeconds / 5 },
          note: `${EMPLOYEES.toLocaleString('en-US')} employees (${(file.length / 1_048_576).toFixed(1)} MB) validated streamed, every one handed on; median of ${RUNS}; the process's resident memory after ${Math.round(peakRss / 1_048_576)} MB (the function has ${EVENT_FUNCTION.memoryMb})`,
        },
        {
          name: 'register.store_employees_per_s',
          value: median(stored),
          unit: 'employees/s',
          baseline: 'raw BatchWriteItem',
          baseline_value: median(raw),
          ratio: median(stored) / median(raw),
          target: { op: '>=', value: 0.8 * median(raw) },
          note: `writeRegisterEntries (two items an employee, 25 a call, 16 in flight) vs the same items written raw on DynamoDB Local, ${STORED.toLocaleString('en-US')} employees a round`,
        },
        {
          name: 'register.chunk_s_at_new_table',
          value: chunkSeconds,
          unit: 's',
          target: { op: '<=', value: EVENT_FUNCTION.timeoutSeconds / 2 },
          note: `${EMPLOYEES.toLocaleString('en-US')} employees are ${chunks} chunks of 25,000, ${REGISTER_CHUNKS.concurrency} at once at ${NEW_TABLE_WRU.toLocaleString('en-US')} WRU/s: about ${Math.round(awsSeconds)} s in all, each chunk within its ${EVENT_FUNCTION.timeoutSeconds} s (arithmetic, not timed: DynamoDB Local never throttles)`,
        },
      ];
    });
  },
};
