import { daysInMonth, isMonth, ZAMBIA_UTC_OFFSET_MINUTES, type Month } from './dates.js';

/**
 * The submission window: a month's inputs and stoppages are due between its `open_day` and
 * `close_day`, Africa/Lusaka time (UTC+2 all year). A file submitted after the close is late: accepted and
 * marked, or refused when the window is blocking. A file sent before its month's window opens is early,
 * which meets the deadline, so it is on time.
 */
export interface SubmissionWindow {
  open_day: number;
  close_day: number;
  blocking: boolean;
}

/** The sign-in slides' promise: the 1st to the 5th, late files accepted and marked. */
export const DEFAULT_SUBMISSION_WINDOW: SubmissionWindow = { open_day: 1, close_day: 5, blocking: false };

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'November 2026'. */
export function monthName(month: Month): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** The window's last day in this month: a close day past the month's end (31 in February) is its last day. */
export function closingDay(month: Month, window: SubmissionWindow): number {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return Math.min(window.close_day, daysInMonth(year, m));
}

/** The instant the window of `month` closes: midnight in Lusaka at the end of its closing day. */
export function windowClosesAt(month: Month, window: SubmissionWindow): Date {
  if (!isMonth(month)) throw new RangeError(`Not a YYYY-MM month: ${String(month)}`);
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return new Date(Date.UTC(year, m - 1, closingDay(month, window) + 1) - ZAMBIA_UTC_OFFSET_MINUTES * 60_000);
}

/** Whether a file for `month` submitted at `now` is late. */
export function isLate(month: Month, window: SubmissionWindow, now: Date = new Date()): boolean {
  return now.getTime() >= windowClosesAt(month, window).getTime();
}

/** '5 November 2026': the window's closing day as people write it. */
export function closingDate(month: Month, window: SubmissionWindow): string {
  return `${closingDay(month, window)} ${monthName(month)}`;
}

export const WINDOW_MESSAGES = {
  /** The late notice, shown before Validate when the window is not blocking. */
  late: (month: Month, window: SubmissionWindow) =>
    `The window for ${monthName(month)} closed on ${closingDate(month, window)}: this submission will be marked late.`,
  /** The same sentence when the window is blocking: what the upload screen says and what Submit answers (409 window_closed). */
  closed: (month: Month, window: SubmissionWindow) =>
    `The window for ${monthName(month)} closed on ${closingDate(month, window)}: submissions for ${monthName(month)} are no longer accepted.`,
} as const;

/** What the upload screen says before Validate, and Submit's refusal when blocking; null while on time. */
export function windowNotice(month: Month, window: SubmissionWindow, now: Date = new Date()): string | null {
  if (!isLate(month, window, now)) return null;
  return window.blocking ? WINDOW_MESSAGES.closed(month, window) : WINDOW_MESSAGES.late(month, window);
}
