import {
  type ComparedEmployee,
  employeeCode,
  mobileCode,
  mobileOfCode,
  nameCode,
  nrcCode,
  nrcOfCode,
  payCode,
  type RegisterBase,
  samePay,
} from './register-base.js';

/** What can change of an employee between two registers. */
export const DIFFERENCE_FIELDS = ['nrc', 'employee_number', 'name', 'mobile', 'basic_pay'] as const;
export type DifferenceField = (typeof DIFFERENCE_FIELDS)[number];
/** How many rows of each kind (added, removed, changed) the difference shows. */
export const DIFFERENCE_SAMPLE = 20;
/** Past this share of the current employees removed or given another mobile, the difference warns. */
export const DIFFERENCE_WARNING_SHARE = 0.02;

export interface DifferenceCounts {
  /** Employees on the current register. */
  current: number;
  added: number;
  removed: number;
  changed: number;
  mobile_changed: number;
}

/** A mobile changed: texted at the old number, which keeps signing in for a while. `nrc` is the new register's. */
export interface MobileChange {
  nrc: string;
  old_mobile: string;
  new_mobile: string;
}

export interface ChangedSample {
  after: ComparedEmployee;
  /** The employee's position on the current register (read back for the "before" side). */
  position: number;
  fields: DifferenceField[];
}

export interface DifferenceOutcome {
  counts: DifferenceCounts;
  added: ComparedEmployee[];
  changed: ChangedSample[];
  /** Positions on the current register of the first employees removed. */
  removed: number[];
}

/** The sentence shown when too many current employees would be removed or change mobile; null below the share. */
export function differenceWarning(counts: DifferenceCounts): string | null {
  const touched = counts.removed + counts.mobile_changed;
  if (counts.current === 0 || touched <= counts.current * DIFFERENCE_WARNING_SHARE) return null;
  const share = Math.round((touched / counts.current) * 1000) / 10;
  const n = (x: number) => x.toLocaleString('en-US');
  return (
    `${n(counts.removed)} employee${counts.removed === 1 ? '' : 's'} would be removed and ${n(counts.mobile_changed)} would get another mobile: ` +
    `${share}% of the ${n(counts.current)} on the current register. Removed employees can no longer sign in, and each changed mobile is ` +
    'texted at the old number. Please check the file before it goes further.'
  );
}

/** Pending: a row whose NRC the current register lacks but whose employee number it holds; decided at the end. */
interface Pending {
  position: number;
  nrc: number;
  employee: number;
  name: number;
  mobile: number;
  pay: number;
  /** Kept whole for the first rows only, for the samples. */
  row: ComparedEmployee | null;
}

/**
 * A new register compared with the current one as it streams, an employee at a time. An employee is the
 * same person when their NRC is on the current register; failing that, when their employee number is and
 * no row of the new register holds that person's NRC (then the NRC changed). Everyone else is added; the
 * current employees matched by no row are removed. Holds the current register's compact columns, a byte an
 * employee for what was matched, and the rows matched by employee number alone (rare) until the end.
 */
export class RegisterDifference {
  private readonly matched: Uint8Array;
  private readonly pending: Pending[] = [];
  private readonly counts: DifferenceCounts;
  private readonly added: ComparedEmployee[] = [];
  private readonly changed: ChangedSample[] = [];

  constructor(
    private readonly base: RegisterBase,
    private readonly onMobileChange: (change: MobileChange) => void,
  ) {
    this.matched = new Uint8Array(base.size);
    this.counts = { current: base.size, added: 0, removed: 0, changed: 0, mobile_changed: 0 };
  }

  compare(row: ComparedEmployee): void {
    const nrc = nrcCode(row.nrc);
    const employee = employeeCode(row.employee_no);
    const at = this.base.findNrc(nrc);
    if (at >= 0) {
      this.matched[at] = 1;
      this.settle(
        at,
        false,
        { nrc, employee, name: nameCode(row.first_name, row.last_name), mobile: mobileCode(row.mobile), pay: payCode(row.basic_pay) },
        row,
      );
      return;
    }
    const byNumber = this.base.findEmployee(employee);
    if (byNumber >= 0 && this.matched[byNumber] === 0) {
      this.matched[byNumber] = 2;
      const keep = this.pending.length < DIFFERENCE_SAMPLE * 2 ? row : null;
      this.pending.push({
        position: byNumber,
        nrc,
        employee,
        name: nameCode(row.first_name, row.last_name),
        mobile: mobileCode(row.mobile),
        pay: payCode(row.basic_pay),
        row: keep,
      });
      return;
    }
    this.add(row);
  }

  private add(row: ComparedEmployee | null): void {
    this.counts.added++;
    if (row && this.added.length < DIFFERENCE_SAMPLE) this.added.push(row);
  }

  private settle(at: number, nrcChanged: boolean, codes: Omit<Pending, 'position' | 'row'>, row: ComparedEmployee | null): void {
    const base = this.base;
    const fields: DifferenceField[] = [];
    if (nrcChanged) fields.push('nrc');
    if (base.employee[at] !== codes.employee) fields.push('employee_number');
    if (base.name[at] !== codes.name) fields.push('name');
    if (base.mobile[at] !== codes.mobile) fields.push('mobile');
    if (!samePay(base.pay[at] as number, codes.pay)) fields.push('basic_pay');
    if (!fields.length) return;
    this.counts.changed++;
    if (row && this.changed.length < DIFFERENCE_SAMPLE) this.changed.push({ after: row, position: at, fields });
    if (!fields.includes('mobile')) return;
    this.counts.mobile_changed++;
    const oldMobile = mobileOfCode(base.mobile[at] as number);
    const newMobile = mobileOfCode(codes.mobile);
    if (oldMobile && newMobile) this.onMobileChange({ nrc: nrcOfCode(codes.nrc), old_mobile: oldMobile, new_mobile: newMobile });
  }

  /** The counts and the first rows of each kind, once every row of the new register was compared. */
  finish(): DifferenceOutcome {
    for (const row of this.pending) {
      // A later row held this person's NRC: this row is someone else, new to the payroll.
      if (this.matched[row.position] === 1) this.add(row.row);
      else this.settle(row.position, true, row, row.row);
    }
    this.pending.length = 0;
    const removed: number[] = [];
    for (let at = 0; at < this.matched.length; at++) {
      if (this.matched[at] !== 0) continue;
      this.counts.removed++;
      if (removed.length < DIFFERENCE_SAMPLE) removed.push(at);
    }
    return { counts: this.counts, added: this.added, changed: this.changed, removed };
  }
}
