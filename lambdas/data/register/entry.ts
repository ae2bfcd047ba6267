/** An employee as a register version holds them (versions.ts writes them, snapshot.ts copies them). */
export interface RegisterEntry {
  /** Canonical 123456/78/9. */
  nrc: string;
  employee_number: string;
  first_name: string;
  last_name: string;
  /** E.164, +260… */
  mobile: string;
  basic_pay: number | null;
  ministry: string | null;
}
