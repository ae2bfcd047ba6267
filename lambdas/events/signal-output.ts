import { JsonArrayUpload, TextUpload } from '#adapters/s3-json-array-upload.js';
import { NrcSignalKinds } from '#data/uploads/nrc-signals.js';
import { putResult, resultJsonBatches, resultKeys } from '#data/uploads/results.js';
import { SIGNAL_PAGE_SIZE } from '#shared/api/signals.js';
import { issueCsvLines, signalCsvLine, type IssueReport } from '#shared/rules/csv.js';
import { bySheetRow, SIGNAL_TYPES, type Signal, type SignalType } from '#shared/rules/signals.js';

/** Where signalsOf hands the signals it finds: each kind's in row order (MISSING, without a row, last). */
export interface SignalSink {
  add(signals: readonly Signal[]): Promise<void>;
}

/** Signal lines read back a batch at a time while the report is merged. */
type Cursor = { batch: Signal[]; at: number; next: AsyncGenerator<Signal[], void, undefined> | null };

/**
 * An upload's signals written as they are found, never all held, so that a 1,000,000-row file's validation
 * keeps its old space: each kind's list to `results/{id}/signals/{type}.json` in parts, the first page of
 * each kind kept for `signals-head.json`, each NRC's kinds (lambdas/data/uploads/nrc-signals.ts), and the NO_MANDATE
 * signals (they become row errors once mandates are required). `complete` makes the lists, the head and the
 * kinds by NRC visible; `writeReport` then streams the CSV report: the issues, then every kind's list read
 * back and merged in row order.
 */
export class UploadSignals implements SignalSink {
  private readonly lists = new Map<SignalType, JsonArrayUpload>();
  private readonly head = new Map<SignalType, Signal[]>();
  private readonly kinds = new NrcSignalKinds();
  readonly noMandate: Signal[] = [];

  constructor(private readonly uploadId: string) {}

  async add(signals: readonly Signal[]): Promise<void> {
    for (const signal of signals) {
      let list = this.lists.get(signal.type);
      if (!list) {
        list = new JsonArrayUpload(resultKeys(this.uploadId).signals(signal.type));
        this.lists.set(signal.type, list);
        this.head.set(signal.type, []);
      }
      list.push(signal);
      const head = this.head.get(signal.type)!;
      if (head.length < SIGNAL_PAGE_SIZE) head.push(signal);
      if (signal.type === 'NO_MANDATE') this.noMandate.push(signal);
      this.kinds.add(signal);
    }
    await Promise.all([...this.lists.values()].map((list) => list.drain()));
  }

  /** Only the kinds found are written: a missing list reads as empty (GET /api/uploads/{id} and the paging route). */
  async complete(): Promise<void> {
    const keys = resultKeys(this.uploadId);
    const head = SIGNAL_TYPES.flatMap((type) => this.head.get(type) ?? []);
    await Promise.all([
      ...[...this.lists.values()].map((list) => list.complete()),
      ...(head.length ? [putResult(keys.signalsHead, JSON.stringify(head), 'application/json')] : []),
      this.kinds.put(this.uploadId),
    ]);
  }

  /** The CSV report (after `complete`), with a BOM so that Excel reads the messages' dashes as UTF-8. */
  async writeReport(issues: IssueReport): Promise<void> {
    const keys = resultKeys(this.uploadId);
    const report = new TextUpload(keys.report, 'text/csv; charset=utf-8');
    report.write(`\uFEFF${issueCsvLines(issues)}`);
    const cursors: Cursor[] = [];
    // In SIGNAL_TYPES order, which settles a row's signals of several kinds.
    for (const type of SIGNAL_TYPES.filter((kind) => this.lists.has(kind)))
      cursors.push({ batch: [], at: 0, next: resultJsonBatches<Signal>(keys.signals(type)) });
    let written = 0;
    for (;;) {
      for (const cursor of cursors) while (cursor.at === cursor.batch.length && cursor.next) await refill(cursor);
      let first: Cursor | null = null;
      for (const cursor of cursors)
        if (cursor.at < cursor.batch.length && (!first || bySheetRow(cursor.batch[cursor.at]!, first.batch[first.at]!) < 0)) first = cursor;
      if (!first) break;
      report.write(signalCsvLine(first.batch[first.at++]!));
      if (++written % 10_000 === 0) await report.drain();
    }
    await report.complete();
  }
}

/** The cursor's next batch, or an ended cursor (no generator) once its list is read. */
async function refill(cursor: Cursor): Promise<void> {
  const read = await cursor.next!.next();
  cursor.batch = read.done ? [] : read.value;
  cursor.at = 0;
  if (read.done) cursor.next = null;
}
