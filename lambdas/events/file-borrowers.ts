import { BorrowerKeys } from '#shared/rules/borrower-keys.js';
import { ngwee } from '#shared/rules/borrower-record.js';
import type { CanonicalRow } from '#shared/rules/canonical-row.js';
import { normaliseNrc, nrcDigits } from '#shared/rules/nrc.js';
import { borrowerKey, type Borrower } from '#shared/rules/signal-borrowers.js';
import { EmployeeNumbers } from './employee-numbers.js';

const NRC_KEY = 'NRC#';
const slashed = (digits: string) => `${digits.slice(0, -3)}/${digits.slice(-3, -1)}/${digits.slice(-1)}`;

/** A place in `texts` for no text. */
const NONE = -1;

/**
 * A file's borrowers as the deduction signals read them (shared/rules/signal-borrowers.ts borrowersOf:
 * installments summed, the latest end date, the first name given), kept compact for files of a million
 * rows: no object or string per borrower, but its key as a number (shared/rules/borrower-keys.ts), numbers
 * and places in typed arrays, its employee number's characters in one byte store (employee-numbers.ts), the
 * names and end dates rows repeat each held once, and an NRC only when its digits do not give it back slashed:
 * about 70 bytes a borrower, all outside the JavaScript heap. A Borrower is made when one is read.
 */
export class FileBorrowers implements ReadonlyMap<string, Borrower> {
  private readonly index = new BorrowerKeys();
  private columns = {
    firstRows: new Int32Array(1 << 12),
    sums: new Float64Array(1 << 12),
    /** The first row's names, or a later row's when the first had none (as borrowersOf names a borrower): places in `texts`. */
    firstNames: new Int32Array(1 << 12),
    lastNames: new Int32Array(1 << 12),
    endDates: new Int32Array(1 << 12),
  };
  private readonly employeeNos = new EmployeeNumbers();
  /** The NRCs written otherwise than their digits slashed, by place: most files have none. */
  private readonly nrcs = new Map<number, string>();
  /** The mandate each borrower's rows cite, by its place: only new deductions need one, so most have none. */
  private readonly mandates = new Map<number, string>();
  /** Rows repeat the same names and end dates: one string each, by place. */
  private readonly texts: string[] = [];
  private readonly places = new Map<string, number>();

  /** Adds one canonical row of the file, on its sheet row. */
  add(row: CanonicalRow, rowNumber: number): void {
    const key = borrowerKey(row);
    if (!key) return;
    const c = this.columns;
    const seen = this.index.indexOf(key);
    if (seen >= 0) {
      c.sums[seen] = c.sums[seen]! + ngwee(row.installment_amount);
      if (row.end_date > this.texts[c.endDates[seen]!]!) c.endDates[seen] = this.place(row.end_date);
      if (c.firstNames[seen] === NONE && c.lastNames[seen] === NONE) this.nameFrom(seen, row);
      if (row.mandate && !this.mandates.has(seen)) this.mandates.set(seen, row.mandate);
      return;
    }
    const at = this.index.add(key);
    if (at === c.sums.length) this.grow();
    const { firstRows, sums, endDates } = this.columns;
    firstRows[at] = rowNumber;
    sums[at] = ngwee(row.installment_amount);
    const nrc = row.nrc ? normaliseNrc(row.nrc) : null;
    if (nrc !== null && nrc !== slashed(nrcDigits(nrc))) this.nrcs.set(at, nrc);
    this.employeeNos.push(row.employee_no);
    this.nameFrom(at, row);
    endDates[at] = this.place(row.end_date);
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
    const c = this.columns;
    const digits = key.startsWith(NRC_KEY) ? key.slice(NRC_KEY.length) : '';
    const stored = this.nrcs.get(at);
    const nrc = stored ?? (digits ? slashed(digits) : null);
    const name = [this.textAt(c.firstNames[at]!), this.textAt(c.lastNames[at]!)].filter(Boolean).join(' ') || null;
    const mandate = this.mandates.get(at);
    const borrower: Borrower = {
      key,
      row: c.firstRows[at]!,
      nrc,
      digits: stored === undefined ? digits : nrcDigits(stored),
      employee_no: this.employeeNos.at(at),
      name,
      installment: c.sums[at]! / 100,
      end_date: this.texts[c.endDates[at]!]!,
    };
    if (mandate) borrower.mandate = mandate;
    return borrower;
  }

  private nameFrom(at: number, row: CanonicalRow): void {
    this.columns.firstNames[at] = row.first_name ? this.place(row.first_name) : NONE;
    this.columns.lastNames[at] = row.last_name ? this.place(row.last_name) : NONE;
  }

  private textAt(place: number): string | undefined {
    return place === NONE ? undefined : this.texts[place];
  }

  private place(value: string): number {
    const known = this.places.get(value);
    if (known !== undefined) return known;
    this.places.set(value, this.texts.length);
    return this.texts.push(value) - 1;
  }

  private grow(): void {
    const c = this.columns;
    const doubled = <T extends Int32Array | Float64Array>(array: T, make: (length: number) => T): T => {
      const grown = make(array.length * 2);
      grown.set(array);
      return grown;
    };
    const ints = (length: number) => new Int32Array(length);
    this.columns = {
      firstRows: doubled(c.firstRows, ints),
      sums: doubled(c.sums, (length) => new Float64Array(length)),
      firstNames: doubled(c.firstNames, ints),
      lastNames: doubled(c.lastNames, ints),
      endDates: doubled(c.endDates, ints),
    };
  }
}
