/** The last four are the payroll register's own (shared/rules/register.ts), where every finding is an error. */
export const ISSUE_TYPES = ['HEADER', 'EMPLOYEE', 'NRC', 'PAYEE_KEY', 'START_DATE', 'END_DATE', 'AMOUNT', 'LENGTH', 'FRAUD', 'NAME', 'MOBILE', 'BASIC_PAY', 'DUPLICATE', 'MANDATE'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];

/** One finding of the client checks; row is the spreadsheet's own row number. */
export interface Issue {
  row: number;
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
} as const;

/** NRC findings are warnings and registry hits non-blocking flags (spec §5); everything else is an error. */
export function issueSeverity(type: IssueType): IssueSeverity {
  return type === 'NRC' ? 'warning' : type === 'FRAUD' ? 'flag' : 'error';
}

/** The non-blocking flag for an NRC the fraud registry knows. */
export function fraudFlag(row: number, nrc: string): Issue {
  return { row, column: ISSUE_COLUMNS.nrc, type: 'FRAUD', message: `NRC ${nrc} is on the fraud/scam registry` };
}

/** An issue as the results lists show it (spec §2). */
export function formatIssue(issue: Issue): string {
  return `[${issue.type}] row ${issue.row} — col ${issue.column} — ${issue.message}`;
}
