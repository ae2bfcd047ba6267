import { nrcDigits } from './nrc.js';

/**
 * The current payroll register held compactly for comparing a new one with it: five numbers an employee
 * (about 40 bytes with the two sorted indexes, 12 MB for 300,000), never its strings. The NRC and the mobile
 * are kept whole as numbers (so they can be named again); the employee number and the name as 53-bit hashes,
 * which two different values share with a chance of one in 10^15 a comparison.
 */
export interface ComparedEmployee {
  nrc: string;
  employee_no: string;
  first_name: string;
  last_name: string;
  /** E.164, +260… */
  mobile: string;
  basic_pay: number | null;
}

/** cyrb53: a 53-bit string hash, exact in a double. */
export function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

const squash = (text: string) => text.trim().replace(/\s+/g, ' ').toUpperCase();

/** An NRC as one number: its digits and how many there are (9–11 digits; leading zeros kept). */
export const nrcCode = (nrc: string): number => {
  const digits = nrcDigits(nrc);
  return Number(digits) * 100 + digits.length;
};
/** The canonical NRC (123456/78/9) of an nrcCode. */
export function nrcOfCode(code: number): string {
  const digits = String(Math.floor(code / 100)).padStart(code % 100, '0');
  return `${digits.slice(0, -3)}/${digits.slice(-3, -1)}/${digits.slice(-1)}`;
}
/** Employee numbers are compared as the sign-in compares them: spaces around and letter case aside. */
export const employeeCode = (employeeNo: string) => hash53(squash(employeeNo));
export const nameCode = (first: string, last: string) => hash53(`${squash(first)}\u0000${squash(last)}`);
/** A Zambian mobile's nine national digits as a number; any other text as its hash, made negative. */
export const mobileCode = (e164: string) => (/^\+260\d{9}$/.test(e164) ? Number(e164.slice(4)) : -hash53(e164));
export const mobileOfCode = (code: number) => (code >= 0 ? `+260${String(code).padStart(9, '0')}` : null);
/** Basic pay in ngwee; null as NaN. */
export const payCode = (pay: number | null) => (pay === null ? Number.NaN : Math.round(pay * 100));
export const samePay = (a: number, b: number) => a === b || (Number.isNaN(a) && Number.isNaN(b));

type Columns = [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];

function grown(array: Float64Array, size: number): Float64Array {
  const next = new Float64Array(size);
  next.set(array);
  return next;
}

/** The current register, added an employee at a time as it streams, then sealed for lookups by NRC and employee number. */
export class RegisterBase {
  nrc: Float64Array;
  employee: Float64Array;
  name: Float64Array;
  mobile: Float64Array;
  pay: Float64Array;
  size = 0;
  private byNrc = new Uint32Array(0);
  private byEmployee = new Uint32Array(0);

  constructor(expected = 1024) {
    const capacity = Math.max(16, expected);
    [this.nrc, this.employee, this.name, this.mobile, this.pay] = [0, 0, 0, 0, 0].map(() => new Float64Array(capacity)) as Columns;
  }

  add(e: ComparedEmployee): void {
    if (this.size === this.nrc.length) {
      const size = this.size * 2;
      [this.nrc, this.employee, this.name, this.mobile, this.pay] = [this.nrc, this.employee, this.name, this.mobile, this.pay].map((a) =>
        grown(a, size),
      ) as Columns;
    }
    const at = this.size++;
    this.nrc[at] = nrcCode(e.nrc);
    this.employee[at] = employeeCode(e.employee_no);
    this.name[at] = nameCode(e.first_name, e.last_name);
    this.mobile[at] = mobileCode(e.mobile);
    this.pay[at] = payCode(e.basic_pay);
  }

  /** Builds the two sorted indexes; call once every employee is added. */
  seal(): this {
    const order = (keys: Float64Array) => Uint32Array.from({ length: this.size }, (_, i) => i).sort((a, b) => (keys[a] as number) - (keys[b] as number));
    this.byNrc = order(this.nrc);
    this.byEmployee = order(this.employee);
    return this;
  }

  private find(index: Uint32Array, keys: Float64Array, key: number): number {
    let low = 0;
    let high = index.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const position = index[mid] as number;
      const value = keys[position] as number;
      if (value === key) return position;
      if (value < key) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  /** The position of the employee with this NRC code, or -1. */
  findNrc(code: number): number {
    return this.find(this.byNrc, this.nrc, code);
  }

  findEmployee(code: number): number {
    return this.find(this.byEmployee, this.employee, code);
  }
}
