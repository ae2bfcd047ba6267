/**
 * The few Web APIs that shared/ uses and that both of its runtimes (browsers and Node 20) provide
 * as globals. shared/ is checked with the ES libraries only, so anything else is refused.
 */
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}

/** WHATWG URL parsing (webhook endpoint addresses). */
declare class URL {
  constructor(url: string, base?: string);
  readonly href: string;
  readonly protocol: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
}
