import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { build } from 'esbuild';
import { startTestTwin, type TwinHandle } from '../test/support/twin-process.js';

/** A line of progress on stderr, so stdout stays the figures (and --json stays parseable). */
export const progress = (line: string) => process.stderr.write(`  … ${line}\n`);

const benchDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * A stage's child (`bench/{name}.ts`) bundled by esbuild as NodejsFunction bundles a Lambda, to run in a fresh process
 * of its own (its peak memory its own): answers the script's path. The AWS SDK's CommonJS requires Node's own
 * modules, so the ESM bundle gets a `require` of its own.
 */
export async function bundledChild(name: string): Promise<string> {
  const outfile = path.join(benchDir, '..', 'node_modules', '.cache', 'payroll-bench', `${name}.mjs`);
  await build({
    entryPoints: [path.join(benchDir, `${name}.ts`)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return outfile;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Runs one benchmark against a twin of its own, stopped however the benchmark ends. Its DynamoDB keeps its tables on
 * disk, as the earlier revisions a bench compares with (bench/compare.ts) and the recorded baselines ran; `inMemory`
 * for a stage that times nothing of the twin's (a process's peak memory).
 */
export async function withTwin<T>(run: (twin: TwinHandle) => Promise<T>): Promise<T>;
export async function withTwin<T>(options: { inMemory: boolean }, run: (twin: TwinHandle) => Promise<T>): Promise<T>;
export async function withTwin<T>(...args: [(twin: TwinHandle) => Promise<T>] | [{ inMemory: boolean }, (twin: TwinHandle) => Promise<T>]): Promise<T> {
  const [{ inMemory }, run] = args.length === 1 ? [{ inMemory: false }, args[0]] : args;
  progress('starting a twin');
  const twin = await startTestTwin({ inMemory });
  try {
    return await run(twin);
  } finally {
    await twin.stop();
  }
}

/** The q-quantile of ascending values. */
export const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** What callers in a closed loop saw: calls per second, latencies in ms, errors. */
export interface Loop {
  count: number;
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

interface Run {
  latencies: number[];
  seconds: number;
  errors: number;
}

function summary(runs: readonly Run[]): Loop {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const errors = runs.reduce((sum, run) => sum + run.errors, 0);
  return {
    count: latencies.length,
    rate: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    errors,
  };
}

/** A call of a closed loop: `i` counts calls across its callers; false or a throw is an error. */
export type LoopCall = (i: number) => Promise<boolean>;

async function run(workers: number, seconds: number, call: LoopCall): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        const ok = await call(i++).catch(() => false);
        latencies.push(performance.now() - start);
        if (!ok) errors++;
      }
    }),
  );
  return { latencies, seconds, errors };
}

/** `workers` callers each making one call after another for `seconds`. */
export async function closedLoop(workers: number, seconds: number, call: LoopCall): Promise<Loop> {
  return summary([await run(workers, seconds, call)]);
}

/**
 * Several closed loops taken in turn, `rounds` times over (A B A B ...), each pooled across its rounds:
 * on a machine whose load drifts, a figure and its baseline then see the same drift.
 */
export async function interleavedLoops<K extends string>(
  rounds: number,
  workers: number,
  seconds: number,
  calls: Record<K, LoopCall>,
): Promise<Record<K, Loop>> {
  const runs = new Map<K, Run[]>();
  for (let round = 0; round < rounds; round++) {
    for (const [name, call] of Object.entries(calls) as [K, LoopCall][]) runs.set(name, [...(runs.get(name) ?? []), await run(workers, seconds, call)]);
  }
  return Object.fromEntries([...runs].map(([name, list]) => [name, summary(list)])) as Record<K, Loop>;
}

/**
 * A lender's earlier inputs submission, pending, as the submissions' writer stores its item: the month a bench's file
 * is compared with (its rows put beside it by the bench). Call once the twin's environment is set.
 */
export async function putPendingInputs(id: string, payeeKey: string, month: string, submittedAt: string): Promise<void> {
  const { dynamo, tableName } = await import('#adapters/aws-clients.js');
  const { payeeMonthKey } = await import('#data/submissions/submissions.js');
  const item = { pk: `SUB#${id}`, sk: 'META', id, upload_id: id, status: 'pending', doc_kind: 'inputs', payee_key: payeeKey, upload_month: month };
  await dynamo.send(
    new PutCommand({
      TableName: tableName('submissions'),
      Item: { ...item, created_at: submittedAt, gsi3pk: payeeMonthKey(payeeKey, 'inputs', month), gsi3sk: submittedAt },
    }),
  );
}
