import { parseLineText, scheduleCsvLine, type ScheduleLine, toNgwee } from '#shared/rules/payroll-schedule.js';
import { readScheduleLines, SCHEDULE_CONTENT_TYPES, uploadStream } from './schedule-files.js';
import { lenderLineTexts, type LenderSources, type RowsOf } from './schedule-live.js';
import type { DrawPart, DrawRun } from './schedule-parts.js';
import { deflated, lenderRows, lenderSheets, type SheetEntry, sheetXml } from './schedule-sheet.js';
import { ScheduleComparison } from './schedule-summary.js';

/** Where a part writes its lender's files (in S3 for the event; the bench writes them to disk). */
export type PartWriter = (file: { kind: 'jsonl' | 'csv' } | { kind: 'sheet'; index: number }, chunks: AsyncIterable<string | Uint8Array>) => Promise<void>;

/** The frozen version's lines of one lender: its range of the version's JSONL, or (a version without ranges) the whole file filtered. */
export async function* frozenLenderLines(base: DrawRun['base'], payee: string): AsyncGenerator<ScheduleLine> {
  if (!base) return;
  if (base.ranges) {
    const range = base.ranges.find((r) => r.payee_key === payee);
    if (range) yield* readScheduleLines(base.s3_key, range);
    return;
  }
  for await (const line of readScheduleLines(base.s3_key)) if (line.payee_key === payee) yield line;
}

async function* batched(texts: readonly string[], each: (text: string) => Promise<string>): AsyncGenerator<string> {
  let batch: string[] = [];
  for (const text of texts) {
    batch.push(await each(text));
    if (batch.length === 1_000) {
      yield batch.join('');
      batch = [];
    }
  }
  if (batch.length > 0) yield batch.join('');
}

/**
 * One lender's part of the month's schedule (decision 0218): its lines made from its COMPLETED submissions (held as short
 * strings, sorted), then written three times over them: its JSONL while totalled and compared with the frozen version's
 * lines of the lender, its CSV lines (no title or header: the assembly adds them), and its XLSX sheets' entries (schedule-sheet.ts).
 */
export async function drawLenderPart(
  run: Pick<DrawRun, 'month' | 'fingerprint'>,
  lender: LenderSources,
  frozen: AsyncIterable<ScheduleLine>,
  write: PartWriter,
  rowsOf?: RowsOf,
): Promise<DrawPart> {
  const texts = await lenderLineTexts(lender, rowsOf);
  const parse = (text: string) => parseLineText(lender.payee_key, text);
  const comparison = new ScheduleComparison(frozen[Symbol.asyncIterator]());
  let ngwee = 0;
  let jsonlBytes = 0;
  await write(
    { kind: 'jsonl' },
    batched(texts, async (text) => {
      const line = parse(text);
      ngwee += toNgwee(line.amount);
      await comparison.add(line);
      const json = `${JSON.stringify(line)}\n`;
      jsonlBytes += Buffer.byteLength(json);
      return json;
    }),
  );
  const [changes] = await comparison.result();
  await write(
    { kind: 'csv' },
    batched(texts, async (text) => scheduleCsvLine(parse(text))),
  );
  const sheets: SheetEntry[] = [];
  for (const [index, sheet] of lenderSheets(lender.payee_key, texts.length).entries()) {
    const entry: SheetEntry = { name: sheet.name, rows: sheet.to - sheet.from + 1, crc: 0, size: 0, compressed: 0 };
    const lines = (function* () {
      for (let i = sheet.from; i < sheet.to; i++) yield parse(texts[i]!);
    })();
    await write({ kind: 'sheet', index }, deflated(sheetXml(lenderRows(lines), 1), entry));
    sheets.push(entry);
  }
  return {
    month: run.month,
    fingerprint: run.fingerprint,
    payee_key: lender.payee_key,
    lines: texts.length,
    ngwee,
    changes: { added: changes?.added ?? 0, removed: changes?.removed ?? 0, changed: changes?.changed ?? 0 },
    jsonl_bytes: jsonlBytes,
    sheets,
  };
}

/** The part's files in S3, under the run's fingerprint. */
export function s3PartWriter(keys: { jsonl: string; csv: string; sheet: (i: number) => string }): PartWriter {
  return (file, chunks) => {
    if (file.kind === 'sheet') return uploadStream(keys.sheet(file.index), chunks, 'application/octet-stream');
    return uploadStream(keys[file.kind], chunks, SCHEDULE_CONTENT_TYPES[file.kind]);
  };
}
