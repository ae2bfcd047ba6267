import { startTestTwin, type TwinHandle } from '../test/support/twin-process.js';

/** A line of progress on stderr, so stdout stays the figures (and --json stays parseable). */
export const progress = (line: string) => process.stderr.write(`  … ${line}\n`);

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs one benchmark against a twin of its own, stopped however the benchmark ends. */
export async function withTwin<T>(run: (twin: TwinHandle) => Promise<T>): Promise<T> {
  progress('starting a twin');
  const twin = await startTestTwin();
  try {
    return await run(twin);
  } finally {
    await twin.stop();
  }
}
