const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6}));/g;
/** OOXML's own escape for characters XML cannot carry (Excel writes a carriage return as _x000D_). */
const X_ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

function codePoint(value: number, literal: string): string {
  return value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : literal;
}

/** The predefined and numeric character references; any other entity is left as written (no DTD is honoured). */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (literal, named: string | undefined, decimal: string | undefined, hex: string | undefined) => {
    if (named) return NAMED_ENTITIES[named] ?? literal;
    return codePoint(decimal ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? '', 16), literal);
  });
}

export function decodeXEscapes(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(X_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Bytes as UTF-8, with no XML decoding (CDATA sections). */
export function decodeUtf8(data: Uint8Array, start: number, end: number): string {
  return utf8.decode(data.subarray(start, end));
}

/** Text up to this many bytes is read by the plain path below when it is printable ASCII. */
const PLAIN_MAX = 24;
/** String.fromCharCode's argument lists, one per length, reused: no typed-array view is made per cell. */
const CODES: number[][] = Array.from({ length: PLAIN_MAX + 1 }, (_, length) => Array.from({ length }, () => 0));

/**
 * The text of an element as a cell holds it: UTF-8, XML references, then OOXML _xHHHH_ escapes.
 * Short plain ASCII (most cells and shared strings) is built directly from the bytes: cheaper than a
 * TextDecoder call per cell.
 */
export function decodeXmlText(data: Uint8Array, start: number, end: number): string {
  const length = end - start;
  if (length <= PLAIN_MAX) {
    const codes = CODES[length] as number[];
    let i = 0;
    for (; i < length; i++) {
      const byte = data[start + i] as number;
      if (byte > 0x7e || byte === 0x26 || byte === 0x5f) break;
      codes[i] = byte;
    }
    if (i === length) return String.fromCharCode.apply(null, codes);
  }
  return decodeXEscapes(decodeEntities(utf8.decode(data.subarray(start, end))));
}

export type XmlAttributes = Record<string, string>;

const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function elementPattern(localName: string): RegExp {
  return new RegExp(String.raw`<(?:[A-Za-z_][\w.-]*:)?${localName}(?=[\s/>])((?:[^>"']|"[^"]*"|'[^']*')*)>`, 'g');
}

/**
 * Attributes of every element with this local name, in document order. For the small package parts
 * (relationships, workbook.xml) only; sheets and shared strings go through the byte scanners.
 */
export function elementsOf(xml: string, localName: string): XmlAttributes[] {
  const found: XmlAttributes[] = [];
  for (const element of xml.matchAll(elementPattern(localName))) {
    const attributes: XmlAttributes = {};
    for (const [, name, double, single] of (element[1] ?? '').matchAll(ATTRIBUTE)) {
      if (name) attributes[name] = decodeEntities(double ?? single ?? '');
    }
    found.push(attributes);
  }
  return found;
}

/** An attribute by local name, whatever its prefix ('r:id', 'ns1:id'); with prefixed = true only a prefixed one. */
export function attributeByLocalName(attributes: XmlAttributes, localName: string, prefixed = false): string | undefined {
  for (const [name, value] of Object.entries(attributes)) {
    const colon = name.indexOf(':');
    if (colon < 0 ? !prefixed && name === localName : name.slice(colon + 1) === localName) return value;
  }
  return undefined;
}
