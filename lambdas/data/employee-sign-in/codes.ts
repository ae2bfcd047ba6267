import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionOf, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure } from '#adapters/dynamo/toolkit.js';
import { EMPLOYEE_CODE } from '#shared/api/employee.js';

/**
 * Employees' sign-in codes, in the directory table: one live code per NRC, the latest one sent.
 * - code: pk=EMPLOYEE_CODE#{nrc digits} sk=CODE, holding a salted SHA-256 of the code (never the code),
 *   when it expires and how many wrong answers it may still take; expires_at (TTL) drops it later.
 * Access patterns: "the live code of an NRC", Get; a new code replaces it (Put); a right answer deletes
 * it (one use), a wrong one takes a try (conditional Update) and the last wrong one deletes it.
 */
const codeSchema = z.object({
  nrc_digits: z.string(),
  salt: z.string(),
  hash: z.string(),
  tries_left: z.number().int(),
  /** Epoch seconds: the code is refused from then on; also the item's TTL. */
  expires_at: z.number().int(),
  sent_at: z.string(),
  /** A second code, texted to the old mobile while it still receives codes (lambdas/data/employee-sign-in/old-mobiles.ts). */
  old_salt: z.string().optional(),
  old_hash: z.string().optional(),
});
type StoredCode = z.output<typeof codeSchema>;

const codeKey = (nrcDigits: string) => ({ pk: `EMPLOYEE_CODE#${nrcDigits}`, sk: 'CODE' });
const codeCodec = defineCodec('employee code', codeSchema, (c) => codeKey(c.nrc_digits));

const digest = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

const newCode = () => String(randomInt(0, 10 ** EMPLOYEE_CODE.digits)).padStart(EMPLOYEE_CODE.digits, '0');

/**
 * A fresh code for this NRC, replacing any earlier one; the caller texts it. With `forOldMobile`, a second,
 * different code for the old mobile: either signs in (the tries are shared), and the answer tells which.
 */
export async function issueCode(nrcDigits: string, now = Date.now(), forOldMobile = false): Promise<{ code: string; oldCode: string | null }> {
  const code = newCode();
  let oldCode: string | null = null;
  while (forOldMobile && (oldCode === null || oldCode === code)) oldCode = newCode();
  const salt = randomBytes(16).toString('hex');
  const oldSalt = randomBytes(16).toString('hex');
  const item = codeCodec.build({
    nrc_digits: nrcDigits,
    salt,
    hash: digest(salt, code),
    tries_left: EMPLOYEE_CODE.tries,
    expires_at: Math.floor(now / 1000) + EMPLOYEE_CODE.ttlSeconds,
    sent_at: new Date(now).toISOString(),
    ...(oldCode ? { old_salt: oldSalt, old_hash: digest(oldSalt, oldCode) } : {}),
  });
  await dynamo.send(new PutCommand({ TableName: tableName('directory'), Item: item }));
  return { code, oldCode };
}

const matches = (salt: string, hash: string, answer: string) => timingSafeEqual(Buffer.from(digest(salt, answer)), Buffer.from(hash));

async function liveCode(nrcDigits: string, now: number): Promise<StoredCode | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: codeKey(nrcDigits), ConsistentRead: true }));
  const code = codeCodec.parse(out.Item);
  return code && code.expires_at > Math.floor(now / 1000) && code.tries_left > 0 ? code : null;
}

/**
 * Checks an answer against the NRC's live code: right, the code is used up (deleted, so it signs in once);
 * wrong, it loses a try and ends with the last one. Each step is conditioned on the code read, so two
 * answers at once never both use it, nor both spend the same try. Answers which code it was: the one
 * texted to the register's mobile ('current') or to the old mobile ('old'); null when wrong.
 */
export async function answerCode(nrcDigits: string, answer: string, now = Date.now()): Promise<'current' | 'old' | null> {
  const code = await liveCode(nrcDigits, now);
  if (!code) return null;
  const current = matches(code.salt, code.hash, answer);
  const old = !current && code.old_salt !== undefined && code.old_hash !== undefined && matches(code.old_salt, code.old_hash, answer);
  const right = current || old;
  const when = conditionsOf<StoredCode>();
  const same = when.and(when.is('salt', code.salt), when.is('tries_left', code.tries_left));
  try {
    if (right || code.tries_left <= 1) {
      await dynamo.send(new DeleteCommand({ TableName: tableName('directory'), Key: codeKey(nrcDigits), ...conditionOf(same) }));
    } else {
      await dynamo.send(
        new UpdateCommand({
          TableName: tableName('directory'),
          Key: codeKey(nrcDigits),
          ...updateOf<StoredCode>({ tries_left: code.tries_left - 1 }, same),
        }),
      );
    }
  } catch (error) {
    // Another answer changed the code first: try this one against what it left.
    if (isConditionFailure(error)) return answerCode(nrcDigits, answer, now);
    throw error;
  }
  return current ? 'current' : old ? 'old' : null;
}
