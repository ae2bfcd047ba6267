/** What a schedule's download is saved as: `payroll-schedule-2026-11-v2.xlsx`. */
export const scheduleFileName = (month: string, version: number, format: 'csv' | 'xlsx'): string => `payroll-schedule-${month}-v${version}.${format}`;
