import type { DocKind } from '@shared/api/submissions';
import { ORGANISATION_KIND_LABELS, type OrganisationKind } from '@shared/roles';

/*
 * How every screen writes numbers, money, months, days, instants and file kinds: British English
 * (docs/decisions/0130-one-locale-for-the-screens-en-gb.md). Built on Intl only, so the portal's first
 * screens load no date library. A calendar date or month ('YYYY-MM-DD', 'YYYY-MM') names a day, not an
 * instant, and is written as stored; an instant is written in the browser's time zone.
 */

/** What a screen shows where there is no value. */
export const EMPTY = '—';

const LOCALE = 'en-GB';
const COUNT = new Intl.NumberFormat(LOCALE);
const COMPACT = new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 1 });
const MONEY = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const PERCENT = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A count with thousands separators: '12,345'; '—' when absent. */
export const formatCount = (value: number | null | undefined): string => (isNumber(value) ? COUNT.format(value) : EMPTY);

/** A chart axis's number, short: '950', '1.2K', '3.4M'. */
export const formatCompact = (value: number): string => COMPACT.format(value);

/** An amount with 2 decimals so a column lines up: '1,234.50' (the column's heading names the currency). */
export const formatAmount = (value: number | null | undefined): string => (isNumber(value) ? MONEY.format(value) : EMPTY);

/** Spec part 2 §9: ZMW, always with 2 decimals: 'ZMW 1,234.50'; '—' when absent. */
export const formatZmw = (value: number | null | undefined): string => (isNumber(value) ? `ZMW ${MONEY.format(value)}` : EMPTY);

/** A change or a difference of money, signed before the currency: '+ZMW 50.00', '−ZMW 520.00' (a true minus), 'ZMW 0.00'. */
export const formatZmwChange = (value: number | null | undefined): string =>
  isNumber(value) ? `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatZmw(Math.abs(value))}` : EMPTY;

/** A rate given in percent, one decimal at most: '87.5%'; '—' when there is none. */
export const formatRate = (value: number | null | undefined): string => (isNumber(value) ? `${PERCENT.format(value)}%` : EMPTY);

/** A text, or '—' when it is absent or blank. */
export const formatText = (value: string | null | undefined): string => (value && value.trim() ? value : EMPTY);

/** A byte count as a person reads it: '512 B', '3.4 KB', '9.8 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** 'long': 'June 2026'; 'short': 'Jun 2026'; 'name': the month alone, 'Jun' (a chart's axis). */
export type MonthStyle = 'long' | 'short' | 'name';
const MONTH: Record<MonthStyle, Intl.DateTimeFormat> = {
  long: new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  short: new Intl.DateTimeFormat(LOCALE, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  name: new Intl.DateTimeFormat(LOCALE, { month: 'short', timeZone: 'UTC' }),
};

/** A real calendar day (or month, day 1) at UTC midnight, or null. */
function calendar(value: string, pattern: RegExp): Date | null {
  const m = pattern.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 1)];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** 'YYYY-MM' as 'June 2026' (or as `style` says); anything else as it is; '—' when absent. */
export function formatMonth(month: string | null | undefined, style: MonthStyle = 'long'): string {
  const date = month ? calendar(month, /^(\d{4})-(\d{2})$/) : null;
  return date ? MONTH[style].format(date) : month || EMPTY;
}

/** 'short': '3 Mar 2026'; 'long': '3 March 2026'. */
export type DateStyle = 'short' | 'long';
const DAY: Record<DateStyle, { calendar: Intl.DateTimeFormat; local: Intl.DateTimeFormat }> = {
  short: {
    calendar: new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
    local: new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric' }),
  },
  long: {
    calendar: new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    local: new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric' }),
  },
};

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An instant, or null when the text is none. */
function instant(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A day: a calendar date 'YYYY-MM-DD' as written ('1 Jun 2026', never shifted by a time zone), an instant
 * as its day in the browser's time zone; anything else as it is; '—' when absent.
 */
export function formatDate(value: string | null | undefined, style: DateStyle = 'short'): string {
  if (!value) return EMPTY;
  if (CALENDAR_DATE.test(value)) {
    const day = calendar(value, CALENDAR_DATE);
    return day ? DAY[style].calendar.format(day) : value;
  }
  const at = instant(value);
  return at ? DAY[style].local.format(at) : value;
}

const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const TIME = new Intl.DateTimeFormat(LOCALE, CLOCK);
const DATE_TIME = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', ...CLOCK });
const DATE_TIME_SECONDS = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', ...CLOCK, second: '2-digit' });

/** An instant's clock time in the browser's time zone: '14:05'; '' when it is none. */
export function formatTime(value: string | null | undefined): string {
  const at = value ? instant(value) : null;
  return at ? TIME.format(at) : '';
}

/** '3 Mar 2026, 14:05' (with `seconds`, '3 Mar 2026, 14:05:09') in the browser's time zone; '—' when absent. */
export function formatDateTime(value: string | null | undefined, options: { seconds?: boolean } = {}): string {
  const at = value ? instant(value) : null;
  if (!at) return EMPTY;
  return (options.seconds ? DATE_TIME_SECONDS : DATE_TIME).format(at);
}

/** The kinds of file (a submission's doc_kind), of history row (one input or stoppage line) and of organisation. */
const KIND_WORDS: Partial<Record<string, string>> = {
  inputs: 'Inputs',
  stoppages: 'Stoppages',
  onboarding: 'Onboarding',
  register: 'Register',
  applied: 'Applied deductions',
  input: 'Input',
  stoppage: 'Stoppage',
  ...ORGANISATION_KIND_LABELS,
} satisfies Record<DocKind | 'input' | 'stoppage' | OrganisationKind, string>;

/** A file's, a history row's or an organisation's kind as the screens say it: 'Inputs', 'Stoppage', 'FI'; a kind not named here capitalised. */
export function kindLabel(kind: string): string {
  return KIND_WORDS[kind] ?? `${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;
}
