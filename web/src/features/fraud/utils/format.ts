/** Byte counts as a person reads them: 512 B, 3.4 KB, 9.8 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** An ISO timestamp as local date and time, e.g. 14 Mar 2026, 10:15. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export const formatDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });
};

export const formatTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
};

/** 'YYYY-MM' as 'Mar 2026'. */
export function formatMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)).toLocaleString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

const STATUS_WORDS = { active: 'Active', withdrawn: 'Withdrawn', expired: 'Expired' } as const;

/** The report's lender lost a dispute of its deduction from this borrower. */
export const disputedLine = (at: string) => `Disputed: a dispute of this lender’s deduction from the borrower was upheld on ${formatDate(at)}.`;

/** A report's status as the table and the PDF say it: 'Active', or 'Withdrawn 25 Nov 2026: reason'. */
export function reportStatusLine(item: { status: keyof typeof STATUS_WORDS; status_at: string | null; status_reason: string | null }): string {
  if (item.status === 'active') return STATUS_WORDS.active;
  const when = item.status_at ? ` ${formatDate(item.status_at)}` : '';
  return `${STATUS_WORDS[item.status]}${when}${item.status_reason ? `: ${item.status_reason}` : ''}`;
}
