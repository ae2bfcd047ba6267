import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * One-time PINs kept only as a salted scrypt hash: a mandate's number is no secret (the employee hands it
 * to the lender), its PIN is, so a read of the table must not give it away. scrypt's default cost
 * (N=16384) takes tens of milliseconds, enough to make guessing a million PINs from a stolen item slow,
 * and a claim checks one.
 */
const KEY_BYTES = 32;
const SALT_BYTES = 16;
export const PIN_DIGITS = 6;

function derive(pin: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(pin, salt, KEY_BYTES, (error, key) => (error ? reject(error) : resolve(key))));
}

/** A fresh PIN of six digits, leading zeros kept. */
export const newPin = (): string => String(randomInt(0, 10 ** PIN_DIGITS)).padStart(PIN_DIGITS, '0');

/** The hash to store for a PIN, with its salt (both hex). */
export async function hashPin(pin: string): Promise<{ pin_hash: string; pin_salt: string }> {
  const salt = randomBytes(SALT_BYTES);
  return { pin_hash: (await derive(pin, salt)).toString('hex'), pin_salt: salt.toString('hex') };
}

/** Whether a PIN as typed is the one hashed, compared in constant time. */
export async function pinMatches(pin: string, stored: { pin_hash: string; pin_salt: string }): Promise<boolean> {
  const expected = Buffer.from(stored.pin_hash, 'hex');
  const actual = await derive(pin.trim(), Buffer.from(stored.pin_salt, 'hex'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
