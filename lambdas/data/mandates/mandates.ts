import { randomFillSync } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { queryOf, readOf } from '#adapters/dynamo/queries.js';
import { batchGetAll, isConditionFailure, queryAll, queryPage } from '#adapters/dynamo/toolkit.js';
import { sendSms } from '#adapters/sms.js';
import { hashPin, newPin } from '#lib/pin-hash.js';
import { MANDATE_CLAIM_DAYS, MANDATE_MESSAGES, MANDATE_PIN_TRIES } from '#shared/api/mandates.js';
import { formatAmount } from '#shared/rules/amount.js';
import { lusakaDay } from '#shared/rules/dates.js';
import { MANDATE_STATES, newMandateNumber, type MandateState, type MandateTerms } from '#shared/rules/mandate.js';
import { nrcDigits } from '#shared/rules/nrc.js';

/**
 * Mandates, in the directory table:
 * - mandate: pk=MANDATE#{number} sk=MANDATE
 *   gsi1pk=MANDATES#NRC#{nrc digits} gsi1sk={issued_at}#{number}           (the employee's list, newest first)
 *   gsi2pk=MANDATES#PAYEE#{payee key} gsi2sk={claimed_at}#{number}, once claimed (the lender's list, newest first)
 * Access patterns: "mandate by number" GetItem; "the mandates a file cites" BatchGetItem by number, 100 a
 * call (a 100,000-row file with 20,000 new deductions: 200 calls); "an employee's mandates" Query gsi1;
 * "a payee key's claimed mandates" Query gsi2.
 * The PIN is kept only as a salted scrypt hash (lambdas/lib/pin-hash.ts). Expiry is computed on read: an
 * issued mandate past `claim_by` reads as expired and cannot be claimed (the claim's condition checks the
 * time), so no scheduled job has to run on day 30 and the employee's list keeps it, marked expired.
 * Stored states are issued, claimed, used and revoked; `expired` is only ever read.
 */
const storedSchema = z.object({
  number: z.string(),
  nrc: z.string(),
  nrc_digits: z.string(),
  payee_key: z.string(),
  org_name: z.string(),
  max_monthly: z.number(),
  last_month: z.string(),
  state: z.enum(MANDATE_STATES),
  mobile: z.string(),
  pin_hash: z.string(),
  pin_salt: z.string(),
  pin_failures: z.number().default(0),
  issued_at: z.string(),
  claim_by: z.string(),
  claimed_at: z.string().nullable().default(null),
  claimed_by: z.string().nullable().default(null),
  claimed_by_email: z.string().nullable().default(null),
  used_month: z.string().nullable().default(null),
  used_submission: z.string().nullable().default(null),
  used_at: z.string().nullable().default(null),
  revoked_at: z.string().nullable().default(null),
});
export type StoredMandate = z.output<typeof storedSchema>;
/** A mandate's item as its updates see it: the stored mandate and, once claimed, its payee index keys. */
export type MandateItem = StoredMandate & Partial<ReturnType<typeof payeeIndexKeys>>;

/** A mandate as read: its state with expiry applied, and whether wrong PINs locked it. */
export type MandateRecord = Omit<StoredMandate, 'pin_hash' | 'pin_salt'> & { locked: boolean };

export const mandateKey = (number: string) => ({ pk: `MANDATE#${number}`, sk: 'MANDATE' });
export const payeeIndexKeys = (m: { payee_key: string; claimed_at: string; number: string }) => ({
  gsi2pk: `MANDATES#PAYEE#${m.payee_key}`,
  gsi2sk: `${m.claimed_at}#${m.number}`,
});
const mandateCodec = defineCodec('mandate', storedSchema, (m) => ({
  ...mandateKey(m.number),
  gsi1pk: `MANDATES#NRC#${m.nrc_digits}`,
  gsi1sk: `${m.issued_at}#${m.number}`,
  ...(m.claimed_at ? payeeIndexKeys({ payee_key: m.payee_key, claimed_at: m.claimed_at, number: m.number }) : {}),
}));

/** The item of a mandate as stored (the bench seeds claimed mandates with it). */
export const mandateItem = (m: z.input<typeof storedSchema>): Record<string, unknown> => mandateCodec.build(m);

/** The mandate an item holds that must be there (an update's ALL_NEW answer), its defaults applied. */
export const parseStoredMandate = (item: Record<string, unknown> | undefined): StoredMandate => mandateCodec.parseExisting(item);

/** The state a stored mandate is in at `now`: issued and past its claim-by time is expired. */
export const stateAt = (m: Pick<StoredMandate, 'state' | 'claim_by'>, now: Date): MandateState =>
  m.state === 'issued' && now.toISOString() >= m.claim_by ? 'expired' : m.state;

export function mandateRecord(stored: StoredMandate, now = new Date()): MandateRecord {
  const { pin_hash: _hash, pin_salt: _salt, ...rest } = stored;
  return { ...rest, state: stateAt(stored, now), locked: stored.state === 'issued' && stored.pin_failures >= MANDATE_PIN_TRIES };
}

/** The stored item of a mandate, PIN hash included (for the claim), or null. */
export async function getStoredMandate(number: string): Promise<StoredMandate | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: mandateKey(number), ConsistentRead: true }));
  return mandateCodec.parse(out.Item);
}

export async function getMandate(number: string, now = new Date()): Promise<MandateRecord | null> {
  const stored = await getStoredMandate(number);
  return stored ? mandateRecord(stored, now) : null;
}

/** What a file's check reads of a mandate: its terms and state, never its PIN's hash or the mobile. */
const TERMS = readOf<StoredMandate>({
  project: ['number', 'nrc', 'payee_key', 'max_monthly', 'last_month', 'state', 'claim_by', 'used_month', 'pin_failures'],
});

/** The terms of the mandates these numbers name, by number (numbers naming none are absent): 100 a BatchGetItem. */
export async function mandatesByNumber(numbers: readonly string[], now = new Date()): Promise<Map<string, MandateTerms>> {
  const items = await batchGetAll<Record<string, unknown>>(tableName('directory'), numbers.map(mandateKey), {
    busy: 'The mandates could not be read: DynamoDB is busy. Try again.',
    projection: TERMS,
    concurrency: 8,
  });
  const found = new Map<string, MandateTerms>();
  for (const item of items) {
    const m = item as StoredMandate;
    found.set(m.number, {
      number: m.number,
      nrc: m.nrc,
      payee_key: m.payee_key,
      max_monthly: m.max_monthly,
      last_month: m.last_month,
      state: stateAt(m, now),
      used_month: m.used_month ?? null,
      locked: m.state === 'issued' && (m.pin_failures ?? 0) >= MANDATE_PIN_TRIES,
    });
  }
  return found;
}

const employeeIndexKey = (nrc: string) => `MANDATES#NRC#${nrcDigits(nrc)}`;
/** Where a page of an employee's mandates resumes: the last mandate's index sort key, `{issued_at}#{number}`. */
const RESUME_AFTER = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z#(MD-[A-Z0-9]{4}-[A-Z0-9]{4})$/;

/** Whether a cursor can be where an employee's mandates resume (anything else is not one of ours). */
export const isMandateResumePoint = (after: string) => RESUME_AFTER.test(after);

/**
 * Access pattern "an employee's mandates", newest first, a page at a time: `after` is a page's `next`
 * (null from the start). The resume key is rebuilt from the caller's own NRC, so a page can only continue
 * their own list.
 */
export async function listMandatesOfNrc(
  nrc: string,
  page: { limit: number; after: string | null },
  now = new Date(),
): Promise<{ mandates: MandateRecord[]; next: string | null }> {
  const gsi1pk = employeeIndexKey(nrc);
  const number = page.after ? RESUME_AFTER.exec(page.after)?.[1] : undefined;
  const start = page.after && number ? { ...mandateKey(number), gsi1pk, gsi1sk: page.after } : null;
  const out = await queryPage(
    {
      TableName: tableName('directory'),
      ...queryOf({ IndexName: 'gsi1', pk: gsi1pk }),
      ScanIndexForward: false,
    },
    { limit: page.limit, start, read: (item) => mandateCodec.parse(item) },
  );
  return { mandates: out.items.map((m) => mandateRecord(m, now)), next: out.next ? String(out.next.gsi1sk) : null };
}

/**
 * How many of an employee's mandates are open at `now`: issued and not yet expired, or claimed and not yet
 * used (a lender may still act on it). One Query of their index over every page, reading two attributes.
 */
export async function countOpenMandates(nrc: string, now = new Date()): Promise<number> {
  const items = await queryAll<{ state: StoredMandate['state']; claim_by: string }>({
    TableName: tableName('directory'),
    ...queryOf<StoredMandate>({
      IndexName: 'gsi1',
      pk: employeeIndexKey(nrc),
      filter: conditionsOf<StoredMandate>().isIn('state', ['issued', 'claimed']),
      project: ['state', 'claim_by'],
    }),
  });
  return items.filter((m) => stateAt(m, now) !== 'expired').length;
}

/** Access pattern "a payee key's claimed mandates", newest claim first. */
export async function listClaimedMandates(payeeKey: string, limit = 200, now = new Date()): Promise<MandateRecord[]> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('directory'),
      ...queryOf({ IndexName: 'gsi2', pk: `MANDATES#PAYEE#${payeeKey}` }),
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return mandateCodec.parseAll(out.Items).map((m) => mandateRecord(m, now));
}

export interface MandateRequest {
  nrc: string;
  payee_key: string;
  org_name: string;
  max_monthly: number;
  last_month: string;
  /** The register's mobile (E.164): the number and PIN go there, and only there. */
  mobile: string;
}

/**
 * Issues a mandate: a fresh number (drawn again in the unlikely case it is taken), a PIN stored only as
 * its hash, and one SMS carrying both to the register's mobile. The PIN is never returned. A text that
 * cannot be sent takes the mandate back (no one could claim it) and throws.
 */
export async function issueMandate(request: MandateRequest, now = new Date()): Promise<MandateRecord> {
  const pin = newPin();
  const issued_at = now.toISOString();
  const claim_by = new Date(now.getTime() + MANDATE_CLAIM_DAYS * 86_400_000).toISOString();
  const base = { ...request, nrc_digits: nrcDigits(request.nrc), state: 'issued' as const, ...(await hashPin(pin)), pin_failures: 0, issued_at, claim_by };
  for (let attempt = 0; attempt < 5; attempt++) {
    const number = newMandateNumber((bytes) => randomFillSync(bytes));
    const item = mandateCodec.build({ ...base, number });
    try {
      await dynamo.send(new PutCommand({ TableName: tableName('directory'), Item: item, ...conditionOf(conditionsOf<StoredMandate>().missing('pk')) }));
    } catch (error) {
      if (isConditionFailure(error)) continue;
      throw error;
    }
    try {
      await sendSms(
        request.mobile,
        MANDATE_MESSAGES.sms.issued(number, pin, request.org_name, formatAmount(request.max_monthly), request.last_month, lusakaDay(claim_by)),
      );
    } catch (error) {
      await dynamo.send(new DeleteCommand({ TableName: tableName('directory'), Key: mandateKey(number) }));
      throw error;
    }
    return mandateRecord(mandateCodec.parseExisting(item), now);
  }
  throw new Error('No free mandate number after 5 draws');
}
