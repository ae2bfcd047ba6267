import { freshStatuses } from '#data/history/submission-statuses.js';
import { readSettings } from '#data/settings/settings.js';
import { latestInputRows, stoppageRows } from '#data/submissions/payee-months.js';
import type { UploadRecord } from '#data/uploads/upload.js';
import { inParallelFrom } from '#lib/concurrency.js';
import { MIN_HISTORY_NRC_DIGITS } from '#shared/api/history.js';
import { shiftMonth } from '#shared/rules/dates.js';
import type { MandateTerms } from '#shared/rules/mandate.js';
import { registerSignals } from '#shared/rules/register-signals.js';
import {
  addPreviousRow,
  addStoppedRow,
  disputeSignals,
  emptyBaseline,
  bySheetRow,
  exposureSignals,
  identitySignalsOf,
  reconcile,
  tally,
  type Baseline,
  type Borrower,
  type FileContext,
  type Signal,
  type SignalReport,
} from '#shared/rules/signals.js';
import { chunkRecords, registerOf } from './chunk-records.js';
import { leftServiceSignalsOf } from './left-service-signals.js';
import type { SignalSink } from './signal-output.js';
import { mandateSignalsOf } from './upload-mandates.js';

/** Borrowers whose records are read and judged together: bounds the memory of a 100,000-row file. */
const CHUNK = 1_600;
const CHUNKS_IN_FLIGHT = 4;

/** The items `keep` takes, in runs of `size` numbered from 0, drawn from `items` only as each run is asked for. */
function* chunksOf<T>(items: Iterable<T>, keep: (item: T) => boolean, size: number): Generator<{ index: number; items: T[] }, void, undefined> {
  let run: T[] = [];
  let index = 0;
  for (const item of items) {
    if (!keep(item)) continue;
    run.push(item);
    if (run.length === size) {
      yield { index: index++, items: run };
      run = [];
    }
  }
  if (run.length) yield { index, items: run };
}

/**
 * The chunks' signals handed on in the chunks' order, whichever finishes first: the borrowers come in the
 * order of their first rows, so each kind reaches the sink in row order. At most the chunks in flight wait.
 */
function inChunkOrder(emit: (signals: Signal[]) => Promise<void>): (index: number, signals: Signal[]) => Promise<void> {
  const ready = new Map<number, Signal[]>();
  let next = 0;
  return async (index, signals) => {
    ready.set(index, signals.sort(bySheetRow));
    while (ready.has(next)) {
      const released = ready.get(next)!;
      ready.delete(next++);
      await emit(released);
    }
  };
}

/** The payee key's previous month, its rows reduced as they stream in (see Baseline). */
async function baselineFor(
  kind: FileContext['kind'],
  upload: Pick<UploadRecord, 'month' | 'payee_key'>,
  file: ReadonlyMap<string, Borrower>,
): Promise<Baseline> {
  const previousMonth = shiftMonth(upload.month, -1);
  const baseline = emptyBaseline();
  const [found] = await Promise.all([
    latestInputRows(upload.payee_key, previousMonth, (row) => addPreviousRow(baseline, row, kind === 'inputs' ? file : undefined)),
    kind === 'inputs' ? stoppageRows(upload.payee_key, [previousMonth, upload.month], (row) => addStoppedRow(baseline, row)) : undefined,
  ]);
  return found ? baseline : { ...baseline, previous: null };
}

/** What signalsOf answers: the signals themselves went to its sink. */
export type SignalTally = Pick<SignalReport, 'baseline' | 'counts'>;

/**
 * The deduction signals of a validated inputs or stoppages file: its payee key's previous
 * month (the stored rows of its latest inputs that is not rejected, and its stoppages) and what is on
 * record for its borrowers (the summaries ingestion keeps), compared in shared/rules/signals.ts. The
 * previous month is read while the records are, 1,600 borrowers at a time, four such chunks at once
 * (none waits for the previous month: exposure is judged whole until it is known): one BatchGetItem per 100
 * borrowers, one per 100 employee numbers that the NRC's own record does not already pair them with. With a
 * payroll register, each chunk also reads its borrowers' register entries beside their records (one BatchGetItem
 * per 100, rows without an NRC joined to the register's, their records read after it: chunk-records.ts) for
 * NOT_ON_PAYROLL, the register's IDENTITY and AFFORDABILITY; a file large beside the register reads the register's
 * snapshot once instead (lambdas/data/register/snapshot.ts) and probes it in memory, reading only the NRC-less
 * rows' employee numbers.
 * An inputs file's new deductions are checked against the mandates they cite (NO_MANDATE, upload-mandates.ts)
 * unless `mandates: false` (the bench's baseline).
 * The signals are handed to `sink` as they are found, each kind in row order, and counted, never all held:
 * a chunk's once the chunks before it are handed on; the month's changes (NEW, CHANGED, MISSING,
 * STOPPAGE_UNKNOWN) once the previous month is compared; EXPOSURE (judged before the previous month is known,
 * one at most a borrower over a limit) and NO_MANDATE at the end.
 */
export async function signalsOf(
  upload: Pick<UploadRecord, 'doc_kind' | 'month' | 'payee_key'>,
  file: ReadonlyMap<string, Borrower>,
  sink: SignalSink,
  options: { mandates?: boolean } = {},
): Promise<SignalTally> {
  const kind: FileContext['kind'] = upload.doc_kind === 'stoppages' ? 'stoppages' : 'inputs';
  const settings = readSettings();
  const baseline = baselineFor(kind, upload, file);
  const reconciled = baseline.then(async (b) =>
    reconcile({ kind, month: upload.month, payeeKey: upload.payee_key, limits: (await settings).exposure }, file, b),
  );
  // Which borrowers are new or changed, once the previous month is read: records read before then are
  // judged for exposure whole and kept by key, so their reads never wait for the previous month. A
  // failure is not left unheard while the records are read: the await below rethrows it.
  let moved: ReadonlySet<string> | null = null;
  void reconciled.then(
    (r) => (moved = r.moved),
    () => undefined,
  );
  // The claimed mandates the borrowers' NRC summaries mirror, gathered from the reads made for the records.
  const mirrored = new Map<string, MandateTerms[]>();

  const counts = tally([], 0);
  const emit = async (signals: Signal[]) => {
    for (const found of signals) counts[found.type.toLowerCase() as keyof typeof counts]++;
    if (signals.length) await sink.add(signals);
  };
  const handOn = inChunkOrder(emit);
  const register = registerOf(file);
  const statuses = freshStatuses();
  let joinedCount = 0;
  const exposures: { key: string; signal: Signal }[] = [];
  // The borrowers are made a chunk at a time from the file's compact table (file-borrowers.ts), never all at
  // once; those without an NRC but with an employee number too, which a register may join to one: whether there
  // is a register is known only once it is read, and no chunk waits for it before its records are asked.
  const joinable = (b: Borrower) => !b.digits && b.employee_no !== null;
  // A file that makes no chunk never asks the register: its failure then has nothing to fail.
  void register.catch(() => undefined);
  const withNrc = chunksOf(file.values(), (b) => b.digits.length >= MIN_HISTORY_NRC_DIGITS || joinable(b), CHUNK);
  await inParallelFrom(withNrc, CHUNKS_IN_FLIGHT, async ({ index, items: read }) => {
    const { joined, onRegister, records, employees, disputes, mandates } = await chunkRecords(read, register, statuses);
    joinedCount += joined.filter((b) => b.joined).length;
    const chunk = joined.filter((b) => b.digits.length >= MIN_HISTORY_NRC_DIGITS);
    for (const [digits, found] of mandates) mirrored.set(digits, found);
    const ctx = { kind, month: upload.month, payeeKey: upload.payee_key, limits: (await settings).exposure };
    const found: Signal[] = [];
    if (onRegister)
      found.push(
        ...registerSignals(
          ctx,
          joined.filter((b) => b.digits.length >= MIN_HISTORY_NRC_DIGITS || joinable(b)),
          onRegister,
          records,
          (await settings).affordability.max_share_of_basic_pay,
        ),
      );
    exposures.push(...exposureSignals(ctx, chunk, records, moved ?? undefined));
    found.push(...identitySignalsOf(chunk, records, employees), ...disputeSignals(ctx, chunk, disputes));
    await handOn(index, found);
  });
  const { signals, continuing, moved: movedKeys, fresh } = await reconciled;
  await emit(signals);
  await emit(
    exposures
      .filter((found) => movedKeys.has(found.key))
      .map((found) => found.signal)
      .sort(bySheetRow),
  );
  if (kind === 'inputs' && options.mandates !== false) await emit(await mandateSignalsOf(upload, file, fresh, mirrored));
  await emit((await leftServiceSignalsOf(upload, file)).sort(bySheetRow));
  const b = await baseline;
  return {
    baseline: { month: shiftMonth(upload.month, -1), found: b.previous !== null },
    counts: { ...counts, continuing, ...(joinedCount ? { joined: joinedCount } : {}) },
  };
}
