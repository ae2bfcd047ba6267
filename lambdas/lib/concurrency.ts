/** Splits a list into runs of at most `size`. */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Runs `task` over every item with at most `limit` in flight; the first failure rejects. */
export async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** As inParallel, over items drawn from an iterator only as a task is free to take the next: a long list is never made whole. */
export async function inParallelFrom<T>(items: Iterator<T>, limit: number, task: (item: T) => Promise<void>): Promise<void> {
  const worker = async () => {
    for (let next = items.next(); !next.done; next = items.next()) await task(next.value);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/**
 * As inParallelFrom, over an async source (a file's lines as they stream): at most `limit` tasks at once, each taking
 * the next item only when free. An async generator answers concurrent `next()` calls in turn, so each item goes to one task.
 */
export async function inParallelFromAsync<T>(items: AsyncIterable<T>, limit: number, task: (item: T) => Promise<void>): Promise<void> {
  const source = items[Symbol.asyncIterator]();
  const worker = async () => {
    for (let next = await source.next(); !next.done; next = await source.next()) await task(next.value);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}
