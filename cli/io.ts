/** What every command of the CLI shares: where it writes, how it fails, how it counts. */
import { readFile } from 'node:fs/promises';
import { groupDigits } from '#shared/xlsx/errors.js';

/** Where a command writes: results on `out` (stdout), progress and messages for a person on `err` (stderr). */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

export const CONSOLE: Output = { out: (line) => console.log(line), err: (line) => console.error(line) };

/**
 * The exit statuses (docs/decisions/0160-the-cli-exit-statuses-and-one-json-document.md): 0 done; 1 the file has errors (nothing was submitted);
 * 2 the command line, the environment or a file is wrong (or the platform answered 400); 3 the platform refused the
 * request otherwise or could not be reached.
 */
export const EXIT = { ok: 0, fileErrors: 1, usage: 2, platform: 3 } as const;
export type ExitStatus = (typeof EXIT)[keyof typeof EXIT];

/** A wrong command line: its message is printed with the usage. */
export class UsageError extends Error {}

/**
 * A command that cannot go on: a sentence a person can act on, a stable code for machines (`--json`
 * prints `{ "outcome": "error", "error": code, "message" }`) and the exit status.
 */
export class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: ExitStatus,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const plural = (count: number, word: string) => `${groupDigits(count)} ${word}${count === 1 ? '' : 's'}`;

/** Reads a file whole, or throws a CliError saying why it could not (not found, a folder, no permission). */
export async function readInput(file: string): Promise<Uint8Array> {
  try {
    const bytes = await readFile(file);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (error) {
    throw new CliError('file_unreadable', unreadableMessage(file, error), EXIT.usage);
  }
}

/** Why a file could not be read, in words. */
function unreadableMessage(file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `File not found: ${file}`;
  if (code === 'EISDIR') return `${file} is a folder, not a file.`;
  if (code === 'EACCES' || code === 'EPERM') return `No permission to read ${file}.`;
  return `Could not read ${file}: ${(error as Error).message}`;
}
