import { formatDate } from '@/lib/format';

const STATUS_WORDS = { active: 'Active', withdrawn: 'Withdrawn', expired: 'Expired' } as const;

/** The report's lender lost a dispute of its deduction from this borrower. */
export const disputedLine = (at: string) => `Disputed: a dispute of this lender’s deduction from the borrower was upheld on ${formatDate(at)}.`;

/** A report's status as the table and the PDF say it: 'Active', or 'Withdrawn 25 Nov 2026: reason'. */
export function reportStatusLine(item: { status: keyof typeof STATUS_WORDS; status_at: string | null; status_reason: string | null }): string {
  if (item.status === 'active') return STATUS_WORDS.active;
  const when = item.status_at ? ` ${formatDate(item.status_at)}` : '';
  return `${STATUS_WORDS[item.status]}${when}${item.status_reason ? `: ${item.status_reason}` : ''}`;
}
