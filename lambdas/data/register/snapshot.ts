import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { bucketName, s3 } from '#adapters/aws-clients.js';
import { isNotFound } from '#adapters/s3-objects.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import type { RegisterEmployeeView } from '#shared/rules/register-signals.js';
import type { RegisterEntry } from './entry.js';

/**
 * A compact, read-only copy of one register version's employees by NRC, written once when the version is
 * stored (before it is made current) and read once by a validation whose file is large beside the register
 * (lambdas/events/upload-signals.ts), instead of one BatchGetItem key a borrower:
 * - `results/{version}/register-snapshot.jsonl` in the uploads bucket (the version is the register's upload
 *   id, so beside its validated rows): one line an employee,
 *   `["{nrc digits}","{nrc}","{employee number}","{first name}","{last name}",{basic pay|null}]`, sorted by
 *   the digits (plain string order), nothing else. The key names the version, so a snapshot is only ever
 *   read for the register it was made from; a version without one (stored before snapshots) is read by
 *   BatchGetItem as before. Found by binary search over the text itself: about 60 bytes an employee in
 *   memory (300,000 employees, ~18 MB), no object per employee.
 */
export const registerSnapshotKey = (version: string) => `results/${version}/register-snapshot.jsonl`;

/** One employee's line of a snapshot (see above). */
export function snapshotLine(entry: Pick<RegisterEntry, 'nrc' | 'employee_number' | 'first_name' | 'last_name' | 'basic_pay'>): string {
  return JSON.stringify([nrcDigits(entry.nrc), entry.nrc, entry.employee_number, entry.first_name, entry.last_name, entry.basic_pay]);
}

const digitsOf = (line: string) => line.slice(2, line.indexOf('"', 2));

/** Writes the snapshot of a register version from its employees' lines (snapshotLine), in any order. */
export async function putRegisterSnapshot(version: string, lines: string[]): Promise<void> {
  lines.sort((a, b) => {
    const x = digitsOf(a);
    const y = digitsOf(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
  await s3.send(
    new PutObjectCommand({ Bucket: bucketName('uploads'), Key: registerSnapshotKey(version), Body: lines.join('\n'), ContentType: 'application/x-ndjson' }),
  );
}

/** A register version's snapshot, read whole; probed in memory. */
export class RegisterSnapshot {
  /** Where each line starts in the text, and (last) where the text ends plus one. */
  private readonly starts: Uint32Array;

  constructor(private readonly text: string) {
    let lines = text.length ? 1 : 0;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
    this.starts = new Uint32Array(lines + 1);
    let at = 0;
    for (let line = 0; line < lines; line++) {
      this.starts[line] = at;
      const end = text.indexOf('\n', at);
      at = end < 0 ? text.length + 1 : end + 1;
    }
    this.starts[lines] = text.length + 1;
  }

  get size(): number {
    return this.starts.length - 1;
  }

  /** The employee holding these NRC digits, or undefined. */
  byNrcDigits(digits: string): RegisterEmployeeView | undefined {
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const order = this.compare(middle, digits);
      if (order === 0) return this.employeeAt(middle);
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  /** The order of line `line`'s digits against `digits`, as string order, without cutting the text. */
  private compare(line: number, digits: string): number {
    const from = this.starts[line]! + 2;
    for (let i = 0; ; i++) {
      const a = this.text.charCodeAt(from + i);
      const ended = a === 34; // the closing quote
      if (i === digits.length) return ended ? 0 : 1;
      if (ended) return -1;
      const b = digits.charCodeAt(i);
      if (a !== b) return a - b;
    }
  }

  private employeeAt(line: number): RegisterEmployeeView {
    const [, nrc, employee_number, first_name, last_name, basic_pay] = JSON.parse(this.text.slice(this.starts[line], this.starts[line + 1]! - 1)) as [
      string,
      string,
      string,
      string,
      string,
      number | null,
    ];
    return { nrc, employee_number, first_name, last_name, basic_pay };
  }
}

/** The snapshot of a register version, or null when it has none. */
export async function readRegisterSnapshot(version: string): Promise<RegisterSnapshot | null> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucketName('uploads'), Key: registerSnapshotKey(version) }));
    return new RegisterSnapshot(await out.Body!.transformToString());
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Removes a version's snapshot, so that its entries are read by BatchGetItem (for tests that add entries to a stored version). */
export async function dropRegisterSnapshot(version: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: bucketName('uploads'), Key: registerSnapshotKey(version) }));
}
