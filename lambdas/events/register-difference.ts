import { JsonArrayUpload } from '#adapters/s3-json-array-upload.js';
import { forEachValidatedEmployee } from '#data/register/ingestion.js';
import { type CurrentRegisterEntry, currentRegister, registerEntriesOf } from '#data/register/versions.js';
import { resultKeys } from '#data/uploads/results.js';
import type { DifferenceEmployee, RegisterDifferenceView } from '#shared/api/register.js';
import { maskMobile } from '#shared/rules/mobile.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { type ComparedEmployee, nrcOfCode, RegisterBase } from '#shared/rules/register-base.js';
import { differenceWarning, type MobileChange, RegisterDifference } from '#shared/rules/register-difference.js';

const UNREADABLE =
  "The current register's list of employees could not be read, so this difference counts every employee as added and cannot show who would be removed or changed. Check the file with care before it goes further.";

const view = (e: ComparedEmployee): DifferenceEmployee => ({
  nrc: e.nrc,
  employee_number: e.employee_no,
  name: `${e.first_name} ${e.last_name}`.trim(),
  mobile: maskMobile(e.mobile),
  basic_pay: e.basic_pay,
});
const entryView = (e: CurrentRegisterEntry): DifferenceEmployee => view({ ...e, employee_no: e.employee_number });

/**
 * The difference of a register being validated from the current register. The current register's employees
 * are read once, streamed from the rows its upload was validated into (`results/{version}/rows.json`), into
 * the compact columns of RegisterBase; each employee of the new register is then compared as validation
 * hands it on, and each changed mobile written to `results/{id}/mobile-changes.json` as it is found (what
 * approval texts and keeps signing in). At the end, one BatchGetItem reads back the current entries of the
 * rows shown as removed or changed.
 */
export class RegisterComparison {
  private constructor(
    private readonly version: string | null,
    private readonly base: RegisterBase,
    private readonly readable: boolean,
    private readonly difference: RegisterDifference,
    private readonly mobiles: JsonArrayUpload,
  ) {}

  static async start(uploadId: string): Promise<RegisterComparison> {
    const current = await currentRegister();
    const base = new RegisterBase(current?.employees ?? 0);
    const readable = current
      ? await forEachValidatedEmployee(current.version, 0, Number.POSITIVE_INFINITY, async (batch: ComparedEmployee[]) => batch.forEach((e) => base.add(e)))
      : true;
    base.seal();
    const mobiles = new JsonArrayUpload(resultKeys(uploadId).mobileChanges);
    const difference = new RegisterDifference(readable ? base : new RegisterBase(0).seal(), (change: MobileChange) => mobiles.push(change));
    return new RegisterComparison(current?.version ?? null, base, readable, difference, mobiles);
  }

  compare(employee: ComparedEmployee): void {
    this.difference.compare(employee);
  }

  drain(): Promise<void> {
    return this.mobiles.drain();
  }

  /** Writes the changed mobiles and answers the difference as the upload keeps it. */
  async finish(): Promise<RegisterDifferenceView> {
    const outcome = this.difference.finish();
    const counts = { ...outcome.counts, current: this.readable ? outcome.counts.current : this.base.size };
    const digitsAt = (position: number) => nrcDigits(nrcOfCode(this.base.nrc[position] as number));
    const wanted = [...outcome.removed, ...outcome.changed.map((c) => c.position)].map(digitsAt);
    const [{ byNrcDigits }] = await Promise.all([
      this.version && wanted.length ? registerEntriesOf(this.version, { nrcDigits: wanted }) : { byNrcDigits: new Map<string, CurrentRegisterEntry>() },
      this.mobiles.complete(),
    ]);
    const before = (position: number) => {
      const entry = byNrcDigits.get(digitsAt(position));
      return entry ? entryView(entry) : null;
    };
    return {
      base_version: this.version,
      ...counts,
      warning: this.readable ? differenceWarning(counts) : UNREADABLE,
      samples: {
        added: outcome.added.map(view),
        removed: outcome.removed.flatMap((position) => before(position) ?? []),
        changed: outcome.changed.map((c) => ({ fields: c.fields, before: before(c.position), after: view(c.after) })),
      },
    };
  }
}
