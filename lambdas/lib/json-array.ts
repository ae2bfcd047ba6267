const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
/** Whitespace JSON allows, and a byte order mark before the array. */
const BLANK = new Set([0x20, 0x0a, 0x0d, 0x09, 0xfeff]);

/**
 * The elements of a JSON array read as a stream of bytes, each parsed on its own once it is whole: a
 * 100,000-row `rows.json` never stands in memory as its bytes, its text and its objects at once.
 * Throws a SyntaxError, as JSON.parse does, on text that is not one JSON array.
 */
export async function* jsonArrayElements<T>(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<T, void, undefined> {
  const decoder = new TextDecoder();
  /** 0 before the array, 1 between its elements, more inside an element's brackets. */
  let depth = 0;
  let done = false;
  let inString = false;
  let escaped = false;
  /** The current element's text from earlier chunks. */
  let pending = '';
  let count = 0;
  let parsed: T[] = [];

  const element = (text: string, last: boolean) => {
    if (text.trim() !== '') {
      parsed.push(JSON.parse(text) as T);
      count++;
    } else if (!(last && count === 0)) throw new SyntaxError('Unexpected empty element in JSON array');
  };
  const scan = (text: string) => {
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
      } else if (depth === 0) {
        if (!done && c === OPEN_BRACKET) {
          depth = 1;
          start = i + 1;
        } else if (!BLANK.has(c)) throw new SyntaxError(done ? 'Unexpected text after JSON array' : 'Expected a JSON array');
      } else if (c === QUOTE) inString = true;
      else if (depth === 1 && (c === COMMA || c === CLOSE_BRACKET)) {
        element(pending + text.slice(start, i), c === CLOSE_BRACKET);
        pending = '';
        start = i + 1;
        if (c === CLOSE_BRACKET) {
          depth = 0;
          done = true;
        }
      } else if (c === OPEN_BRACKET || c === OPEN_BRACE) depth++;
      else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
    }
    if (depth > 0) pending += text.slice(start);
  };

  for await (const chunk of chunks) {
    scan(decoder.decode(chunk, { stream: true }));
    yield* parsed;
    parsed = [];
  }
  scan(decoder.decode());
  yield* parsed;
  if (!done) throw new SyntaxError('Unexpected end of JSON array');
}
