/**
 * The JSON values of a JSONL body as it streams, a chunk's lines at a time (blank lines skipped): never the whole
 * text at once. A batch per chunk rather than a value per line: each `await` of an async generator costs a few
 * promises (and async hooks' bookkeeping, which the tracer turns on), and a 1 MB chunk holds thousands of lines.
 */
export async function* jsonLineBatches<T>(body: AsyncIterable<Uint8Array>): AsyncGenerator<T[]> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of body) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const end = text.lastIndexOf('\n');
    if (end < 0) {
      rest = text;
      continue;
    }
    rest = text.slice(end + 1);
    const batch = parseLines<T>(text, end);
    if (batch.length) yield batch;
  }
  rest += decoder.decode();
  if (rest.trim()) yield [JSON.parse(rest) as T];
}

/** The values of the lines of `text` before `end` (a line break's index). */
function parseLines<T>(text: string, end: number): T[] {
  const values: T[] = [];
  for (let at = 0; at < end;) {
    let next = text.indexOf('\n', at);
    if (next < 0 || next > end) next = end;
    const line = text.slice(at, next);
    if (line.trim()) values.push(JSON.parse(line) as T);
    at = next + 1;
  }
  return values;
}

/** The JSON values of a JSONL body as it streams, one at a time. */
export async function* jsonLines<T>(body: AsyncIterable<Uint8Array>): AsyncGenerator<T> {
  for await (const batch of jsonLineBatches<T>(body)) yield* batch;
}
