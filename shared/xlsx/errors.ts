export type SpreadsheetErrorCode = 'not_xlsx' | 'encrypted' | 'corrupt' | 'no_sheet' | 'too_many_rows' | 'too_large';

/** Why a file cannot be read as a workbook; the message is written for the person who uploaded it. */
export class SpreadsheetError extends Error {
  constructor(
    readonly code: SpreadsheetErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SpreadsheetError';
  }
}

const SAVE_AS_XLSX = 'Save it from Excel as "Excel Workbook (.xlsx)" and try again.';

/** 300000 → '300,000', without Intl (not every runtime ships full ICU). */
export function groupDigits(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export const spreadsheetErrors = {
  empty: () => new SpreadsheetError('not_xlsx', `The file is empty. ${SAVE_AS_XLSX}`),
  notXlsx: () => new SpreadsheetError('not_xlsx', `This file is not a valid .xlsx workbook. ${SAVE_AS_XLSX}`),
  oldXls: () =>
    new SpreadsheetError(
      'not_xlsx',
      'This is an old Excel 97–2003 workbook (.xls). Open it in Excel, save it as "Excel Workbook (.xlsx)" and upload that file.',
    ),
  otherOffice: () => new SpreadsheetError('not_xlsx', `This is an Office file but not an Excel workbook. ${SAVE_AS_XLSX}`),
  ods: () => new SpreadsheetError('not_xlsx', `This is an OpenDocument spreadsheet (.ods), not an .xlsx workbook. ${SAVE_AS_XLSX}`),
  xlsb: () => new SpreadsheetError('not_xlsx', `This is an Excel binary workbook (.xlsb), not an .xlsx workbook. ${SAVE_AS_XLSX}`),
  encrypted: () => new SpreadsheetError('encrypted', 'This workbook is password-protected. Remove the password in Excel and upload it again.'),
  corrupt: () =>
    new SpreadsheetError(
      'corrupt',
      'This workbook is damaged or incomplete and cannot be read. Open it in Excel, save it again as "Excel Workbook (.xlsx)" and try again.',
    ),
  noSheet: () => new SpreadsheetError('no_sheet', 'This workbook has no worksheet to read. Put the deduction rows on the first sheet and try again.'),
  tooManyRows: (maxRows: number) => new SpreadsheetError('too_many_rows', `The sheet has more than ${groupDigits(maxRows)} rows. Split it into smaller files.`),
  tooLarge: (maxBytes: number) =>
    new SpreadsheetError(
      'too_large',
      `The workbook expands to more than ${groupDigits(maxBytes / 1_048_576)} MB, which is more than a deduction file should. Check the file and try again.`,
    ),
};
