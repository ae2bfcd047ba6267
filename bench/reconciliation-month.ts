import type { ScheduleLine } from '#shared/rules/payroll-schedule.js';
import { packWorkbook, worksheetXml } from './fixtures.js';

export const LENDERS = 60;
const MB = 1_048_576;
const APPLIED_HEADER = ['EMPLOYEE NUMBER', 'NRC', 'PAYEE KEY', 'AMOUNT DEDUCTED', 'REASON'];

/** A buffer as S3 hands a body over: in 1 MB pieces. */
export async function* pieces(data: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < data.length; at += MB) yield data.subarray(at, at + MB);
}

export interface Month {
  /** The frozen schedule's JSONL, sorted by payee key then employee number. */
  schedule: Uint8Array;
  /** The applied deductions workbook, text in shared strings as Excel writes it. */
  applied: Uint8Array;
  appliedRows: number;
}

/**
 * A month of `lines` schedule lines over LENDERS payee keys and the payroll's applied file: 90% deducted in full,
 * 5% short (INSUFFICIENT PAY), 3% left out of the file, 2% over the line; 1% deducted with no line at all.
 */
export function reconciliationMonth(lines: number): Month {
  const schedule: string[] = [];
  const strings = [...APPLIED_HEADER, 'INSUFFICIENT PAY'];
  const payeeIndex = new Map<string, number>();
  const cell = (column: string, r: number, text: string) => `<c r="${column}${r}" t="s"><v>${strings.push(text) - 1}</v></c>`;
  let rowsXml = `<row r="1">${APPLIED_HEADER.map((_, i) => `<c r="${'ABCDE'[i]}1" t="s"><v>${i}</v></c>`).join('')}</row>`;
  const sheet: string[] = [];
  let r = 1;
  const row = (employeeNo: string, nrc: string, payeeKey: string, amount: number, reason: boolean) => {
    r++;
    if (!payeeIndex.has(payeeKey)) payeeIndex.set(payeeKey, strings.push(payeeKey) - 1);
    rowsXml +=
      `<row r="${r}">${cell('A', r, employeeNo)}${cell('B', r, nrc)}<c r="C${r}" t="s"><v>${payeeIndex.get(payeeKey)}</v></c>` +
      `<c r="D${r}"><v>${amount}</v></c>${reason ? `<c r="E${r}" t="s"><v>${APPLIED_HEADER.length}</v></c>` : ''}</row>`;
    if (rowsXml.length > MB) {
      sheet.push(rowsXml);
      rowsXml = '';
    }
  };
  for (let i = 0; i < lines; i++) {
    const line: ScheduleLine = {
      payee_key: `L${String(Math.floor((i * LENDERS) / lines)).padStart(3, '0')}`,
      employee_no: `EMP${String(i).padStart(7, '0')}`,
      nrc: `${String(100000 + i)}/10/1`,
      name: `Mwila Banda ${i}`,
      amount: 250,
      start_date: '2026-01-01',
      end_date: '2027-12-31',
    };
    schedule.push(JSON.stringify(line));
    const kind = i % 100;
    if (kind < 97) row(line.employee_no, line.nrc, line.payee_key, kind < 90 ? 250 : kind < 95 ? 100 : 300, kind >= 90 && kind < 95);
    if (kind === 99) row(`X${line.employee_no}`, line.nrc, line.payee_key, 75, false);
  }
  sheet.push(rowsXml);
  const [head, tail] = worksheetXml('\u0000').split('\u0000') as [string, string];
  const applied = packWorkbook({ sheets: [{ name: 'Applied', xml: [head, ...sheet, tail] }], sharedStrings: strings, level: 1 });
  return { schedule: new TextEncoder().encode(schedule.join('\n')), applied, appliedRows: r - 1 };
}
