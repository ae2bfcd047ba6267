import { ngwee } from '../../shared/rules/borrower-record.js';
import type { CanonicalRow } from '../../shared/rules/canonical-row.js';
import { normaliseNrc, nrcDigits } from '../../shared/rules/nrc.js';
import { borrowerKey, type Borrower } from '../../shared/rules/signal-borrowers.js';

const NRC_KEY = 'NRC#';
const slashed = (digits: string) => `${digits.slice(0, -3)}/${digits.slice(-3, -1)}/${digits.slice(-1)}`;
const nameOf = (row: CanonicalRow) => [row.first_name, row.last_name].filter(Boolean).join(' ') || null;

/**
 * A file's borrowers as the deduction signals read them (shared/rules/signal-borrowers.ts borrowersOf:
 * installments summed, the latest end date, the first name given), kept compact for files of a million
 * rows: no object per borrower, but a key each, numbers in typed arrays and the texts the signals quote
 * (an NRC only when its digits do not give it back slashed). A Borrower is made when one is read.
 */
export class FileBorrowers implements ReadonlyMap<string, Borrower> {
  private readonly index = new Map<string, number>();
  private firstRows = new Int32Array(1 << 12);
  private sums = new Float64Array(1 << 12);
  private readonly nrcs: (string | null)[] = [];
  private readonly employeeNos: (string | null)[] = [];
  private readonly names: (string | null)[] = [];
  private readonly endDates: string[] = [];
  /** Rows repeat the same end dates: one string each. */
  private readonly dates = new Map<string, string>();

  /** Adds one canonical row of the file, on its sheet row. */
  add(row: CanonicalRow, rowNumber: number): void {
    const key = borrowerKey(row);
    if (!key) return;
    const seen = this.index.get(key);
    if (seen !== undefined) {
      this.sums[seen] = this.sums[seen]! + ngwee(row.installment_amount);
      if (row.end_date > this.endDates[seen]!) this.endDates[seen] = this.date(row.end_date);
      this.names[seen] ??= nameOf(row);
      return;
    }
    const at = this.index.size;
    if (at === this.sums.length) this.grow();
    this.index.set(key, at);
    this.firstRows[at] = rowNumber;
    this.sums[at] = ngwee(row.installment_amount);
    const nrc = row.nrc ? normaliseNrc(row.nrc) : null;
    this.nrcs.push(nrc !== null && nrc === slashed(nrcDigits(nrc)) ? null : nrc);
    this.employeeNos.push(row.employee_no);
    this.names.push(nameOf(row));
    this.endDates.push(this.date(row.end_date));
  }

  get size(): number {
    return this.index.size;
  }

  has(key: string): boolean {
    return this.index.has(key);
  }

  get(key: string): Borrower | undefined {
    const at = this.index.get(key);
    return at === undefined ? undefined : this.at(key, at);
  }

  *entries(): MapIterator<[string, Borrower]> {
    for (const [key, at] of this.index) yield [key, this.at(key, at)];
  }

  *values(): MapIterator<Borrower> {
    for (const [key, at] of this.index) yield this.at(key, at);
  }

  keys(): MapIterator<string> {
    return this.index.keys();
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
    return { key, row: this.firstRows[at]!, nrc, digits: stored === null ? digits : nrcDigits(stored), employee_no: this.employeeNos[at]!, name: this.names[at]!, installment: this.sums[at]! / 100, end_date: this.endDates[at]! };
  }

  private date(text: string): string {
    const known = this.dates.get(text);
    if (known !== undefined) return known;
    this.dates.set(text, text);
    return text;
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
