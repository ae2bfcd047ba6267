import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { EMPLOYEE_CODE } from '../../shared/api/employee.js';
import { dynamo, tableName } from './clients.js';
import { defineCodec } from './codec.js';

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
});
type StoredCode = z.output<typeof codeSchema>;

const codeKey = (nrcDigits: string) => ({ pk: `EMPLOYEE_CODE#${nrcDigits}`, sk: 'CODE' });
const codeCodec = defineCodec('employee code', codeSchema, (c) => codeKey(c.nrc_digits));

const digest = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

/** A fresh code for this NRC, replacing any earlier one; the caller texts it. */
export async function issueCode(nrcDigits: string, now = Date.now()): Promise<string> {
  const code = String(randomInt(0, 10 ** EMPLOYEE_CODE.digits)).padStart(EMPLOYEE_CODE.digits, '0');
  const salt = randomBytes(16).toString('hex');
  const item = codeCodec.build({
    nrc_digits: nrcDigits,
    salt,
    hash: digest(salt, code),
    tries_left: EMPLOYEE_CODE.tries,
    expires_at: Math.floor(now / 1000) + EMPLOYEE_CODE.ttlSeconds,
    sent_at: new Date(now).toISOString(),
  });
  await dynamo.send(new PutCommand({ TableName: tableName('directory'), Item: item }));
  return code;
}

async function liveCode(nrcDigits: string, now: number): Promise<StoredCode | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: codeKey(nrcDigits), ConsistentRead: true }));
  const code = codeCodec.parse(out.Item);
  return code && code.expires_at > Math.floor(now / 1000) && code.tries_left > 0 ? code : null;
}

const conditionFailed = (error: unknown) => (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';

/**
 * Checks an answer against the NRC's live code: right, the code is used up (deleted, so it signs in once);
 * wrong, it loses a try and ends with the last one. Each step is conditioned on the code read, so two
 * answers at once never both use it, nor both spend the same try.
 */
export async function answerCode(nrcDigits: string, answer: string, now = Date.now()): Promise<boolean> {
  const code = await liveCode(nrcDigits, now);
  if (!code) return false;
  const given = Buffer.from(digest(code.salt, answer));
  const right = timingSafeEqual(given, Buffer.from(code.hash));
  const same = { ConditionExpression: '#salt = :salt AND tries_left = :tries', ExpressionAttributeNames: { '#salt': 'salt' } };
  try {
    if (right || code.tries_left <= 1) {
      await dynamo.send(
        new DeleteCommand({ TableName: tableName('directory'), Key: codeKey(nrcDigits), ...same, ExpressionAttributeValues: { ':salt': code.salt, ':tries': code.tries_left } }),
      );
    } else {
      await dynamo.send(
        new UpdateCommand({
          TableName: tableName('directory'),
          Key: codeKey(nrcDigits),
          UpdateExpression: 'SET tries_left = :left',
          ...same,
          ExpressionAttributeValues: { ':salt': code.salt, ':tries': code.tries_left, ':left': code.tries_left - 1 },
        }),
      );
    }
  } catch (error) {
    // Another answer changed the code first: try this one against what it left.
    if (conditionFailed(error)) return answerCode(nrcDigits, answer, now);
    throw error;
  }
  return right;
}
