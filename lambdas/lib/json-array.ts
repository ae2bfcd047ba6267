const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
/** Whitespace JSON allows, and a byte order mark before the array. */
const BLANK = new Set([0x20, 0x0a, 0x0d, 0x09, 0xfeff]);

/** Where the string that starts before `from` ends (its unescaped closing quote), or -1 when not in this text. */
function closingQuote(text: string, from: number): number {
  for (let j = text.indexOf('"', from); j >= 0; j = text.indexOf('"', j + 1)) {
    let backslashes = 0;
    while (j - 1 - backslashes >= from && text.charCodeAt(j - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return j;
  }
  return -1;
}

/**
 * The elements of a JSON array read as a stream of bytes, handed on a chunk's worth at a time: a
 * 100,000-row `rows.json` never stands in memory as its bytes, its text and its objects at once. The
 * elements a chunk completes are parsed by one JSON.parse (one call per chunk rather than per element,
 * and one await: measured, about half the cost of a row at a time). Throws a SyntaxError, as JSON.parse
 * does, on text that is not one JSON array.
 */
export async function* jsonArrayBatches<T>(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<T[], void, undefined> {
  const decoder = new TextDecoder();
  /** 0 before the array, 1 between its elements, more inside an element's brackets. */
  let depth = 0;
  let done = false;
  let inString = false;
  let escaped = false;
  /** Text of elements not yet parsed, from earlier chunks. */
  let pending = '';
  /** Whether the current element has anything but blanks yet, and whether a comma came before it. */
  let seen = false;
  let afterComma = false;

  /** Parses whole elements, separated by commas (an empty one, `[1,,2]`, fails in JSON.parse). */
  const elements = (text: string): T[] => JSON.parse(`[${text}]`) as T[];
  const emptyElement = () => new SyntaxError('Unexpected empty element in JSON array');
  const scan = (text: string): T[] => {
    let start = 0;
    /** Where the last top-level comma of this text is, or -1. */
    let boundary = -1;
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
      } else if (depth === 1 && c === COMMA) {
        if (!seen) throw emptyElement();
        seen = false;
        afterComma = true;
        boundary = i;
      } else if (depth === 1 && c === CLOSE_BRACKET) {
        if (!seen && afterComma) throw emptyElement();
        const batch = seen ? elements(pending + text.slice(start, i)) : [];
        pending = '';
        depth = 0;
        done = true;
        // Whatever follows in this text must be blank (later texts are checked by the loop).
        const rest = text.slice(i + 1);
        for (let j = 0; j < rest.length; j++) if (!BLANK.has(rest.charCodeAt(j))) throw new SyntaxError('Unexpected text after JSON array');
        return batch;
      } else {
        if (!BLANK.has(c)) seen = true;
        if (c === QUOTE) {
          // Most of the text is strings: jump to the closing quote rather than step through them.
          const end = closingQuote(text, i + 1);
          if (end < 0) inString = true;
          else i = end;
        } else if (c === OPEN_BRACKET || c === OPEN_BRACE) depth++;
        else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
      }
    }
    if (depth === 0) return [];
    if (boundary < 0) {
      pending += text.slice(start);
      return [];
    }
    const batch = elements(pending + text.slice(start, boundary));
    pending = text.slice(boundary + 1);
    return batch;
  };

  for await (const chunk of chunks) {
    const batch = scan(decoder.decode(chunk, { stream: true }));
    if (batch.length) yield batch;
  }
  const batch = scan(decoder.decode());
  if (batch.length) yield batch;
  if (!done) throw new SyntaxError('Unexpected end of JSON array');
}

/** The elements of a JSON array read as a stream of bytes, one by one (see jsonArrayBatches). */
export async function* jsonArrayElements<T>(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<T, void, undefined> {
  for await (const batch of jsonArrayBatches<T>(chunks)) yield* batch;
}
