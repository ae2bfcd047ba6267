import { createHash, type Hash } from 'node:crypto';
import {
  borrowerChanges,
  compareBorrowers,
  fromNgwee,
  type LenderChanges,
  SCHEDULE_CSV_HEADER,
  scheduleCsvLine,
  type ScheduleLine,
  toNgwee,
} from '#shared/rules/payroll-schedule.js';

export interface LenderTotal {
  payee_key: string;
  org_name: string;
  lines: number;
  total: number;
}

export interface ScheduleSummary {
  hash: string;
  lines: number;
  total: number;
  by_lender: LenderTotal[];
}

/**
 * Adds up a schedule as its lines pass: lines and ngwee per lender, and the SHA-256 of its CSV body (the
 * column header and the lines, without the title line that prints the hash), so equal schedules have equal hashes.
 */
export class ScheduleTally {
  private readonly hash: Hash = createHash('sha256').update(SCHEDULE_CSV_HEADER);
  private readonly lenders = new Map<string, { lines: number; ngwee: number }>();
  private lines = 0;
  private ngwee = 0;

  constructor(private readonly orgNames: ReadonlyMap<string, string>) {}

  add(line: ScheduleLine): void {
    this.hash.update(scheduleCsvLine(line));
    const lender = this.lenders.get(line.payee_key) ?? { lines: 0, ngwee: 0 };
    lender.lines++;
    lender.ngwee += toNgwee(line.amount);
    this.lenders.set(line.payee_key, lender);
    this.lines++;
    this.ngwee += toNgwee(line.amount);
  }

  result(): ScheduleSummary {
    const by_lender = [...this.lenders].map(([payee_key, l]) => ({
      payee_key,
      org_name: this.orgNames.get(payee_key) ?? payee_key,
      lines: l.lines,
      total: fromNgwee(l.ngwee),
    }));
    return { hash: this.hash.digest('hex'), lines: this.lines, total: fromNgwee(this.ngwee), by_lender };
  }
}

/**
 * Compares the schedule as it passes (in its order) with a frozen version read alongside (in the same order):
 * one borrower's lines at one lender from each side at a time, never either schedule whole.
 */
export class ScheduleComparison {
  private readonly byLender = new Map<string, LenderChanges>();
  private group: ScheduleLine[] = [];
  private frozenNext: Promise<IteratorResult<ScheduleLine>>;

  constructor(private readonly frozen: AsyncIterator<ScheduleLine>) {
    this.frozenNext = frozen.next();
  }

  async add(line: ScheduleLine): Promise<void> {
    if (this.group.length > 0 && compareBorrowers(this.group[0]!, line) !== 0) await this.flush();
    this.group.push(line);
  }

  /** The changes per lender, once every line was added. */
  async result(): Promise<LenderChanges[]> {
    await this.flush();
    for (let next = await this.frozenNext; !next.done; next = await this.frozen.next()) this.count(next.value.payee_key, borrowerChanges([next.value], []));
    this.frozenNext = Promise.resolve({ done: true, value: undefined });
    return [...this.byLender.values()].sort((a, b) => (a.payee_key < b.payee_key ? -1 : 1));
  }

  private async flush(): Promise<void> {
    const now = this.group;
    this.group = [];
    if (now.length === 0) return;
    const before: ScheduleLine[] = [];
    for (let next = await this.frozenNext; !next.done; next = await this.frozenNext) {
      const order = compareBorrowers(next.value, now[0]!);
      if (order > 0) break;
      if (order === 0) before.push(next.value);
      else this.count(next.value.payee_key, borrowerChanges([next.value], []));
      this.frozenNext = this.frozen.next();
    }
    this.count(now[0]!.payee_key, borrowerChanges(before, now));
  }

  private count(payee_key: string, changes: Omit<LenderChanges, 'payee_key'>): void {
    if (changes.added + changes.removed + changes.changed === 0) return;
    const lender = this.byLender.get(payee_key) ?? { payee_key, added: 0, removed: 0, changed: 0 };
    lender.added += changes.added;
    lender.removed += changes.removed;
    lender.changed += changes.changed;
    this.byLender.set(payee_key, lender);
  }
}
