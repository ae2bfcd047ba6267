import { APPLIED_REASONS, type AppliedReason, type AppliedRow, type FirstRows } from './applied.js';
import { employeeNumberKey } from './employee-number.js';

/** A slot's amount when the slot holds only the key of a row with an error (kept for the duplicate check), or its row was taken. */
const NO_ROW = -1;

/**
 * The applied rows by payee key, then by employee number (as employeeNumberKey reads it), held column-wise so a
 * million rows fit a 256 MB old space: one map entry a row, its slot's fields in plain arrays (the texts are the
 * workbook's own strings, not copies; the amount in ngwee; the reason as its index in APPLIED_REASONS). It is also the
 * applied rules' duplicate check (FirstRows): the first row of each key, good or not, is kept in the same entry.
 */
export class AppliedIndex implements FirstRows {
  private readonly lenders = new Map<string, Map<string, number>>();
  private readonly employeeNos: string[] = [];
  private readonly nrcs: string[] = [];
  private readonly ngwee: number[] = [];
  private readonly reasons: number[] = [];
  private readonly rows: number[] = [];
  /** 1 for a slot whose row was taken (made when the first row is taken: the rules are done by then). */
  private taken = new Uint8Array(0);

  private slotOf(payeeKey: string, employeeKey: string, rowNumber: number): { slot: number; first: boolean } {
    let lender = this.lenders.get(payeeKey);
    if (!lender) this.lenders.set(payeeKey, (lender = new Map()));
    const slot = lender.get(employeeKey);
    if (slot !== undefined) return { slot, first: false };
    const added = this.rows.push(rowNumber) - 1;
    this.employeeNos.push('');
    this.nrcs.push('');
    this.ngwee.push(NO_ROW);
    this.reasons.push(-1);
    lender.set(employeeKey, added);
    return { slot: added, first: true };
  }

  firstRow(payeeKey: string, employeeKey: string, rowNumber: number): number | undefined {
    const { slot, first } = this.slotOf(payeeKey, employeeKey, rowNumber);
    return first ? undefined : this.rows[slot];
  }

  /** A good row: into its key's slot (the last one wins when a key comes twice: the rules refuse such a file). */
  add(row: AppliedRow): void {
    const { slot } = this.slotOf(row.payee_key, employeeNumberKey(row.employee_no), 0);
    this.employeeNos[slot] = row.employee_no;
    this.nrcs[slot] = row.nrc;
    this.ngwee[slot] = Math.round(row.amount * 100);
    this.reasons[slot] = row.reason === null ? -1 : APPLIED_REASONS.indexOf(row.reason);
  }

  private rowAt(payeeKey: string, slot: number): AppliedRow | null {
    return this.ngwee[slot] === NO_ROW || this.taken[slot] === 1 ? null : this.rowOf(payeeKey, slot);
  }

  private rowOf(payeeKey: string, slot: number): AppliedRow {
    return { payee_key: payeeKey, employee_no: this.employeeNos[slot]!, nrc: this.nrcAt(slot), amount: this.ngweeAt(slot) / 100, reason: this.reasonAt(slot) };
  }

  private markTaken(slot: number): void {
    if (slot >= this.taken.length) {
      const grown = new Uint8Array(Math.max(this.rows.length, slot + 1));
      grown.set(this.taken);
      this.taken = grown;
    }
    this.taken[slot] = 1;
  }

  /**
   * The slot of a payee key and employee key's row, taken out of the index (marked taken, its map entry left for
   * takeRest to pass over: a Map's delete costs more than the mark); -1 when the file has none. Read it with
   * ngweeAt, nrcAt and reasonAt: the join makes no object for a row it matches.
   */
  takeSlot(payeeKey: string, employeeKey: string): number {
    const slot = this.lenders.get(payeeKey)?.get(employeeKey);
    if (slot === undefined || this.ngwee[slot] === NO_ROW || this.taken[slot] === 1) return -1;
    this.markTaken(slot);
    return slot;
  }

  /** takeSlot of each of a payee key's employee keys, in their order (the payee key looked up once). */
  takeSlots(payeeKey: string, employeeKeys: readonly string[]): Int32Array {
    const slots = new Int32Array(employeeKeys.length).fill(-1);
    const lender = this.lenders.get(payeeKey);
    if (lender === undefined) return slots;
    for (let i = 0; i < employeeKeys.length; i++) {
      const slot = lender.get(employeeKeys[i]!);
      if (slot === undefined || this.ngwee[slot] === NO_ROW || this.taken[slot] === 1) continue;
      this.markTaken(slot);
      slots[i] = slot;
    }
    return slots;
  }

  /** A slot's amount deducted, in ngwee. */
  ngweeAt(slot: number): number {
    return this.ngwee[slot]!;
  }

  nrcAt(slot: number): string {
    return this.nrcs[slot]!;
  }

  reasonAt(slot: number): AppliedReason | null {
    const reason = this.reasons[slot]!;
    return reason < 0 ? null : (APPLIED_REASONS[reason] as AppliedReason);
  }

  /** The row of a payee key and employee key (takeSlot's, as a row); null when the file has none. */
  take(payeeKey: string, employeeKey: string): AppliedRow | null {
    const slot = this.takeSlot(payeeKey, employeeKey);
    return slot < 0 ? null : this.rowOf(payeeKey, slot);
  }

  /** The rows of a payee key not taken yet, and the payee key out of the index. */
  takeRest(payeeKey: string): AppliedRow[] {
    const lender = this.lenders.get(payeeKey);
    this.lenders.delete(payeeKey);
    const rest: AppliedRow[] = [];
    for (const slot of lender?.values() ?? []) {
      const row = this.rowAt(payeeKey, slot);
      if (row) rest.push(row);
    }
    return rest;
  }

  /** The payee keys with rows not taken yet, sorted. */
  payeeKeys(): string[] {
    return [...this.lenders.keys()].sort();
  }
}
