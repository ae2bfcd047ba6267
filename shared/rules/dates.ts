/** A calendar date written YYYY-MM-DD; it names a day, not an instant, so no time zone applies. */
export type CalendarDate = string;
/** A month written YYYY-MM. */
export type Month = string;

export interface DateParseOptions {
  /** The workbook uses the 1904 date system (old Mac Excel): serial 0 is 1904-01-01. */
  date1904?: boolean;
}

/** Zambia keeps UTC+2 all year (no daylight saving), so "this month" is computed there, not in the runtime's zone. */
export const ZAMBIA_UTC_OFFSET_MINUTES = 120;

const DAY_MS = 86_400_000;
const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const TIME_SUFFIX = String.raw`(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?\s*(?:Z|[+-]\d{2}:?\d{2})?)?`;
const YMD = new RegExp(String.raw`^(\d{4})([./-])(\d{1,2})\2(\d{1,2})${TIME_SUFFIX}$`, 'i');
const DMY = new RegExp(String.raw`^(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})${TIME_SUFFIX}$`, 'i');

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** YYYY-MM-DD for a real day of years 1000–9999, or null. */
export function calendarDate(year: number, month: number, day: number): CalendarDate | null {
  const ok = Number.isInteger(year) && year >= 1000 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
  return ok ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}

function fromUtcMs(ms: number): CalendarDate | null {
  const d = new Date(ms);
  return calendarDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/**
 * An Excel serial day number as a calendar date. The 1900 system keeps Lotus's bug: serial 60 is the
 * fictitious 1900-02-29 (null here), so serials from 61 count from 1899-12-30 and those below from 1899-12-31.
 * Any time-of-day fraction is dropped.
 */
export function fromExcelSerial(serial: number, options: DateParseOptions = {}): CalendarDate | null {
  if (!Number.isFinite(serial) || serial < 0) return null;
  const day = Math.floor(serial);
  // A deduction file holds a handful of distinct dates over many rows: remember them.
  const cache = options.date1904 ? SERIALS_1904 : SERIALS_1900;
  const known = cache.get(day);
  if (known !== undefined) return known;
  let date: CalendarDate | null;
  if (options.date1904) date = fromUtcMs(Date.UTC(1904, 0, 1) + day * DAY_MS);
  else if (day === 0 || day === 60) date = null;
  else date = fromUtcMs(Date.UTC(1899, 11, day < 60 ? 31 : 30) + day * DAY_MS);
  remember(cache, day, date);
  return date;
}

const CACHE_LIMIT = 4096;
const SERIALS_1900 = new Map<number, CalendarDate | null>();
const SERIALS_1904 = new Map<number, CalendarDate | null>();
const LAST_DAYS = new Map<string, boolean>();

function remember<K, V>(cache: Map<K, V>, key: K, value: V): void {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
}

/**
 * A spreadsheet cell as a calendar date (spec §5 "Dates accepted"), or null when it is none:
 * - numbers, and strings of digits, are Excel serials;
 * - Date objects give their UTC calendar date: readers build date cells at UTC midnight, and reading them in
 *   the local zone would move the day back in the browser west of UTC while the Lambda (UTC) would not;
 * - YYYY-MM-DD with '.', '-' or '/' (an ISO time part is ignored, the date is taken as written);
 * - D/M/Y with the same separators, two-digit years read as 20xx;
 * - dates with an English month name in D M Y, M D Y or Y M D order ('1 March 2026', 'Mar 1, 2026',
 *   '01-Mar-26'), an optional weekday and a trailing time ignored. Engine-specific Date.parse is not used,
 *   so the browser, the Lambda and the CLI always agree.
 */
export function parseCellDate(value: unknown, options: DateParseOptions = {}): CalendarDate | null {
  if (typeof value === 'number') return fromExcelSerial(value, options);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : fromUtcMs(value.getTime());
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  if (/^\d+(?:\.\d+)?$/.test(text)) return fromExcelSerial(Number(text), options);
  const ymd = YMD.exec(text);
  if (ymd) return calendarDate(Number(ymd[1]), Number(ymd[3]), Number(ymd[4]));
  const dmy = DMY.exec(text);
  if (dmy) return calendarDate(fullYear(dmy[4] ?? ''), Number(dmy[3]), Number(dmy[1]));
  return parseNamedMonthDate(text);
}

function fullYear(digits: string): number {
  return digits.length === 2 ? 2000 + Number(digits) : Number(digits);
}

function nameIndex(names: readonly string[], word: string): number {
  return word.length >= 3 ? names.findIndex((name) => name.startsWith(word)) : -1;
}

function parseNamedMonthDate(text: string): CalendarDate | null {
  const time = text.search(/\d{1,2}:\d{2}/);
  const words = (time >= 0 ? text.slice(0, time) : text)
    .toLowerCase()
    .split(/[\s,./-]+/)
    .filter(Boolean);
  let month = -1;
  const numbers: string[] = [];
  for (const word of words) {
    const number = /^(\d{1,4})(?:st|nd|rd|th)?$/.exec(word);
    if (number) numbers.push(number[1] ?? '');
    else if (month < 0 && nameIndex(MONTH_NAMES, word) >= 0) month = nameIndex(MONTH_NAMES, word) + 1;
    else if (word !== 'of' && nameIndex(WEEKDAY_NAMES, word) < 0) return null;
  }
  const [first, second] = numbers;
  if (month < 0 || numbers.length !== 2 || first === undefined || second === undefined) return null;
  const [yearDigits, dayDigits] = first.length === 4 ? [first, second] : [second, first];
  if (dayDigits.length > 2 || (yearDigits.length !== 2 && yearDigits.length !== 4)) return null;
  return calendarDate(fullYear(yearDigits), month, Number(dayDigits));
}

/** A real month written YYYY-MM (01–12). */
export function isMonth(value: unknown): value is Month {
  return typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/** A real day written YYYY-MM-DD. */
export function isCalendarDate(value: unknown): value is CalendarDate {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return m !== null && calendarDate(Number(m[1]), Number(m[2]), Number(m[3])) === value;
}

function monthParts(month: Month): [number, number] {
  if (!isMonth(month)) throw new RangeError(`Not a YYYY-MM month: ${String(month)}`);
  return [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
}

export function firstDayOfMonth(month: Month): CalendarDate {
  monthParts(month);
  return `${month}-01`;
}

export function lastDayOfMonth(month: Month): CalendarDate {
  const [year, m] = monthParts(month);
  return `${month}-${pad(daysInMonth(year, m))}`;
}

/** The YYYY-MM a calendar date falls in. */
export function monthOf(date: CalendarDate): Month {
  return date.slice(0, 7);
}

export function isLastDayOfMonth(date: CalendarDate): boolean {
  const known = LAST_DAYS.get(date);
  if (known !== undefined) return known;
  const answer = isCalendarDate(date) && lastDayOfMonth(monthOf(date)) === date;
  remember(LAST_DAYS, date, answer);
  return answer;
}

/** The current month in Zambia (or at the given UTC offset), whatever zone the code runs in. */
export function currentMonth(now: Date = new Date(), utcOffsetMinutes = ZAMBIA_UTC_OFFSET_MINUTES): Month {
  const shifted = new Date(now.getTime() + utcOffsetMinutes * 60_000);
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}`;
}

/** A YYYY-MM month moved by `delta` months. */
export function shiftMonth(month: Month, delta: number): Month {
  const index = Number(month.slice(0, 4)) * 12 + (Number(month.slice(5, 7)) - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An instant's day in Zambia as screens and texts write it: "27 Dec 2026". */
export function lusakaDay(instant: Date | string): string {
  const local = new Date(new Date(instant).getTime() + ZAMBIA_UTC_OFFSET_MINUTES * 60_000);
  return `${local.getUTCDate()} ${MONTH_ABBREVIATIONS[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
}

/** An instant as a person in Zambia reads a clock: "14:05 Lusaka time" (a limit's 429 says when to try again). */
export function lusakaClock(instant: Date): string {
  const local = new Date(instant.getTime() + ZAMBIA_UTC_OFFSET_MINUTES * 60_000);
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())} Lusaka time`;
}

/**
 * When a refused call may be made again, as a person in Zambia reads it: the minute rounded up (so trying
 * at the minute said works), "14:06 Lusaka time" today, "14:06 Lusaka time on 28 Nov" on another day.
 */
export function lusakaRetryTime(instant: Date, now: Date = new Date()): string {
  const minute = Math.ceil(instant.getTime() / 60_000) * 60_000;
  const clock = lusakaClock(new Date(minute));
  const day = (at: number) => new Date(at + ZAMBIA_UTC_OFFSET_MINUTES * 60_000);
  const local = day(minute);
  const sameDay = local.toISOString().slice(0, 10) === day(now.getTime()).toISOString().slice(0, 10);
  return sameDay ? clock : `${clock} on ${local.getUTCDate()} ${MONTH_ABBREVIATIONS[local.getUTCMonth()]}`;
}
