/** The last four are the payroll register's own (shared/rules/register.ts), where every finding is an error. */
export const ISSUE_TYPES = [
  'HEADER',
  'EMPLOYEE',
  'NRC',
  'PAYEE_KEY',
  'START_DATE',
  'END_DATE',
  'AMOUNT',
  'LENGTH',
  'FRAUD',
  'NAME',
  'MOBILE',
  'BASIC_PAY',
  'DUPLICATE',
  'MANDATE',
  'REPEAT',
  'REASON',
] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];

/** One finding of the client checks; row is the spreadsheet's own row number, null for a finding about the whole file. */
export interface Issue {
  row: number | null;
  column: string;
  type: IssueType;
  message: string;
}

export type IssueSeverity = 'error' | 'warning' | 'flag';

/** The column named in an issue ('[type] row N — col C — message'). */
export const ISSUE_COLUMNS = {
  header: 'Headers',
  employee_no: 'Employee No.',
  nrc: 'NRC',
  payee_key: 'Payee Key',
  start_date: 'Start Date',
  end_date: 'End Date',
  amount: 'Amount',
  first_name: 'First Name',
  last_name: 'Last Name',
  mandate: 'Mandate',
  /** A row that repeats an earlier one in every cell. */
  row: 'Row',
} as const;

/** NRC findings and exact repeats are warnings and registry hits non-blocking flags (spec §5); everything else is an error. */
export function issueSeverity(type: IssueType): IssueSeverity {
  return type === 'NRC' || type === 'REPEAT' ? 'warning' : type === 'FRAUD' ? 'flag' : 'error';
}

/** The warning on a row equal in every cell to an earlier one: it is kept once. */
export function repeatWarning(row: number, first: number): Issue {
  return { row, column: ISSUE_COLUMNS.row, type: 'REPEAT', message: `Row ${row} repeats row ${first} exactly: it is counted once` };
}

/** Where an issue is: 'row N', or 'File' for one about the whole file (row null; 0 in records made before). */
export function issuePlace(row: number | null): string {
  return row === null || row < 1 ? 'File' : `row ${row}`;
}

/** Issues in row order, file-level ones first. */
export const byRow = (a: Issue, b: Issue): number => (a.row ?? 0) - (b.row ?? 0);

/** The non-blocking flag for an NRC the fraud registry knows. */
export function fraudFlag(row: number, nrc: string): Issue {
  return { row, column: ISSUE_COLUMNS.nrc, type: 'FRAUD', message: `NRC ${nrc} is on the fraud/scam registry` };
}

/** An issue as the results lists show it (spec §2). */
export function formatIssue(issue: Issue): string {
  return `[${issue.type}] ${issuePlace(issue.row)} — col ${issue.column} — ${issue.message}`;
}
