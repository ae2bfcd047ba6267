/**
 * One line of a month's frozen payroll schedule: amount in ZMW as history stores installments, dates as the
 * deduction file's START/END dates are stored (ISO `YYYY-MM-DD` or '' when none). A version's lines are JSONL in
 * the uploads bucket (`payroll/${month}/schedule-v${version}.jsonl`), sorted by payee_key then employee_no.
 */
export interface ScheduleLine { payee_key: string; employee_no: string; nrc: string; name: string; amount: number; start_date: string; end_date: string }
