/** The JSON values of a JSONL body as it streams (one a line, blank lines skipped): never the whole text at once. */
export async function* jsonLines<T>(body: AsyncIterable<Uint8Array>): AsyncGenerator<T> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of body) {
    rest += decoder.decode(chunk, { stream: true });
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) yield JSON.parse(line) as T;
  }
  rest += decoder.decode();
  if (rest.trim()) yield JSON.parse(rest) as T;
}
