import { BorrowerKeys } from '#shared/rules/borrower-keys.js';
import { ngwee } from '#shared/rules/borrower-record.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { normaliseNrc, nrcDigits } from '#shared/rules/nrc.js';
import { borrowerKey, type Borrower } from '#shared/rules/signal-borrowers.js';

const NRC_KEY = 'NRC#';
const slashed = (digits: string) => `${digits.slice(0, -3)}/${digits.slice(-3, -1)}/${digits.slice(-1)}`;

/**
 * A file's borrowers as the deduction signals read them (shared/rules/signal-borrowers.ts borrowersOf:
 * installments summed, the latest end date, the first name given), kept compact for files of a million
 * rows: no object per borrower, but its key as a number (shared/rules/borrower-keys.ts), numbers in typed
 * arrays and the texts the signals quote (names as first and last, each text once; an NRC only when its
 * digits do not give it back slashed): about 110 bytes a borrower. A Borrower is made when one is read.
 */
export class FileBorrowers implements ReadonlyMap<string, Borrower> {
  private readonly index = new BorrowerKeys();
  private firstRows = new Int32Array(1 << 12);
  private sums = new Float64Array(1 << 12);
  private readonly nrcs: (string | null)[] = [];
  private readonly employeeNos: (string | null)[] = [];
  /** The first row's names, or a later row's when the first had none (as borrowersOf names a borrower). */
  private readonly firstNames: (string | undefined)[] = [];
  private readonly lastNames: (string | undefined)[] = [];
  private readonly endDates: string[] = [];
  /** The mandate each borrower's rows cite, by its place: only new deductions need one, so most have none. */
  private readonly mandates = new Map<number, string>();
  /** Rows repeat the same names and end dates: one string each. */
  private readonly texts = new Map<string, string>();

  /** Adds one canonical row of the file, on its sheet row. */
  add(row: CanonicalRow, rowNumber: number): void {
    const key = borrowerKey(row);
    if (!key) return;
    const seen = this.index.indexOf(key);
    if (seen >= 0) {
      this.sums[seen] = this.sums[seen]! + ngwee(row.installment_amount);
      if (row.end_date > this.endDates[seen]!) this.endDates[seen] = this.text(row.end_date);
      if (!this.firstNames[seen] && !this.lastNames[seen]) this.nameFrom(seen, row);
      if (row.mandate && !this.mandates.has(seen)) this.mandates.set(seen, row.mandate);
      return;
    }
    const at = this.index.add(key);
    if (at === this.sums.length) this.grow();
    this.firstRows[at] = rowNumber;
    this.sums[at] = ngwee(row.installment_amount);
    const nrc = row.nrc ? normaliseNrc(row.nrc) : null;
    this.nrcs.push(nrc !== null && nrc === slashed(nrcDigits(nrc)) ? null : nrc);
    this.employeeNos.push(row.employee_no);
    this.firstNames.push(undefined);
    this.lastNames.push(undefined);
    this.nameFrom(at, row);
    this.endDates.push(this.text(row.end_date));
    if (row.mandate) this.mandates.set(at, row.mandate);
  }

  get size(): number {
    return this.index.size;
  }

  has(key: string): boolean {
    return this.index.indexOf(key) >= 0;
  }

  get(key: string): Borrower | undefined {
    const at = this.index.indexOf(key);
    return at < 0 ? undefined : this.at(key, at);
  }

  *entries(): MapIterator<[string, Borrower]> {
    for (let at = 0; at < this.index.size; at++) {
      const key = this.index.keyAt(at);
      yield [key, this.at(key, at)];
    }
  }

  *values(): MapIterator<Borrower> {
    for (let at = 0; at < this.index.size; at++) yield this.at(this.index.keyAt(at), at);
  }

  *keys(): MapIterator<string> {
    for (let at = 0; at < this.index.size; at++) yield this.index.keyAt(at);
  }

  [Symbol.iterator](): MapIterator<[string, Borrower]> {
    return this.entries();
  }

  forEach(callback: (value: Borrower, key: string, map: ReadonlyMap<string, Borrower>) => void): void {
    for (const [key, borrower] of this.entries()) callback(borrower, key, this);
  }

  private at(key: string, at: number): Borrower {
    const digits = key.startsWith(NRC_KEY) ? key.slice(NRC_KEY.length) : '';
    const stored = this.nrcs[at]!;
    const nrc = stored ?? (digits ? slashed(digits) : null);
    const name = [this.firstNames[at], this.lastNames[at]].filter(Boolean).join(' ') || null;
    const mandate = this.mandates.get(at);
    const borrower: Borrower = {
      key,
      row: this.firstRows[at]!,
      nrc,
      digits: stored === null ? digits : nrcDigits(stored),
      employee_no: this.employeeNos[at]!,
      name,
      installment: this.sums[at]! / 100,
      end_date: this.endDates[at]!,
    };
    if (mandate) borrower.mandate = mandate;
    return borrower;
  }

  private nameFrom(at: number, row: CanonicalRow): void {
    this.firstNames[at] = row.first_name ? this.text(row.first_name) : undefined;
    this.lastNames[at] = row.last_name ? this.text(row.last_name) : undefined;
  }

  private text(value: string): string {
    const known = this.texts.get(value);
    if (known !== undefined) return known;
    this.texts.set(value, value);
    return value;
  }

  private grow(): void {
    const rows = new Int32Array(this.firstRows.length * 2);
    rows.set(this.firstRows);
    this.firstRows = rows;
    const sums = new Float64Array(this.sums.length * 2);
    sums.set(this.sums);
    this.sums = sums;
  }
}
