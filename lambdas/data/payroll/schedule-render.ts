import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvRow } from '#shared/rules/csv.js';
import { SCHEDULE_COLUMNS, SCHEDULE_CSV_HEADER, scheduleCells, scheduleCsvLine, type ScheduleLine, scheduleTitle } from '#shared/rules/payroll-schedule.js';

export interface Titled {
  month: string;
  version: number;
  hash: string;
}

/** The CSV download: the title line, then the body its hash is taken over (column header and lines). */
export async function* scheduleCsv(schedule: Titled, lines: AsyncIterable<ScheduleLine>): AsyncGenerator<string> {
  yield `${csvRow([scheduleTitle(schedule.month, schedule.version, schedule.hash)])}\r\n`;
  yield SCHEDULE_CSV_HEADER;
  let batch: string[] = [];
  for await (const line of lines) {
    batch.push(scheduleCsvLine(line));
    if (batch.length === 1_000) {
      yield batch.join('');
      batch = [];
    }
  }
  if (batch.length > 0) yield batch.join('');
}

/**
 * The XLSX download, written by exceljs' streaming writer (each row committed as it is added, inline
 * strings): the title in A1, the columns in row 2, a line a row from row 3. Answers the workbook's bytes as they are made.
 */
export function scheduleXlsx(schedule: Titled, lines: AsyncIterable<ScheduleLine>): AsyncIterable<Uint8Array> {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(`Schedule ${schedule.month}`, { views: [{ state: 'frozen', ySplit: 2 }] });
  sheet.columns = SCHEDULE_COLUMNS.map((header, i) => ({ key: String(i), width: [16, 14, 28, 11, 12, 12, 12][i], style: i === 4 ? { numFmt: '0.00' } : {} }));
  const write = async () => {
    sheet.addRow([scheduleTitle(schedule.month, schedule.version, schedule.hash)]).commit();
    sheet.addRow([...SCHEDULE_COLUMNS]).commit();
    for await (const line of lines) sheet.addRow(scheduleCells(line)).commit();
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
}
