import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure, retrying } from '#adapters/dynamo/toolkit.js';
import { OLD_MOBILE_HOURS } from '#shared/api/register.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { notificationPut, type QueuedEvent } from '../notifications/outbox.js';

/**
 * The mobile an employee had before an approved register changed it, in the directory table: for
 * OLD_MOBILE_HOURS after the change it also receives their sign-in codes, until a sign-in is answered with
 * the code it received (the holder of the old number has answered the change).
 * - pk=OLD_MOBILE#{nrc digits} sk=MOBILE: the old mobile, when the change was approved, until when it works,
 *   and when it was answered; expires_at (TTL) drops it a week later.
 * Access patterns: "the old mobile of an NRC" GetItem; "a register's changed mobiles" TransactWriteItems of
 * Puts with their text's outbox item (the same items however often it runs: the change's time is the
 * approval's); "answered" conditional UpdateItem.
 */
const oldMobileSchema = z.object({
  nrc_digits: z.string(),
  mobile: z.string(),
  changed_at: z.string(),
  until: z.string(),
  answered_at: z.string().nullable(),
  expires_at: z.number().int(),
});
type OldMobile = z.output<typeof oldMobileSchema>;

const key = (digits: string) => ({ pk: `OLD_MOBILE#${digits}`, sk: 'MOBILE' });
const codec = defineCodec('old mobile', oldMobileSchema, (m) => key(m.nrc_digits));
const HOUR_MS = 3_600_000;
/** Old mobiles kept by one transaction: DynamoDB's 100 items, less the outbox item. */
export const OLD_MOBILES_PER_WRITE = 99;

/**
 * Keeps each changed employee's old mobile (at most OLD_MOBILES_PER_WRITE) signing in from `changedAt` (ISO)
 * for OLD_MOBILE_HOURS, and queues their text (`notify`) in the same transaction.
 */
export async function keepOldMobiles(changes: readonly { nrc: string; old_mobile: string }[], changedAt: string, notify?: QueuedEvent): Promise<void> {
  if (changes.length > OLD_MOBILES_PER_WRITE) throw new Error(`At most ${OLD_MOBILES_PER_WRITE} old mobiles are kept at once, not ${changes.length}`);
  const until = new Date(Date.parse(changedAt) + OLD_MOBILE_HOURS * HOUR_MS);
  const expires = Math.floor(until.getTime() / 1000) + 7 * 86_400;
  const items = changes.map((c) =>
    codec.build({
      nrc_digits: nrcDigits(c.nrc),
      mobile: c.old_mobile,
      changed_at: changedAt,
      until: until.toISOString(),
      answered_at: null,
      expires_at: expires,
    }),
  );
  const puts = items.map((Item) => ({ Put: { TableName: tableName('directory'), Item } }));
  await retrying(() => dynamo.send(new TransactWriteCommand({ TransactItems: [...puts, ...(notify ? [notificationPut(notify)] : [])] })));
}

/** The old mobile still receiving this NRC's codes now, or null (none, past its window, or answered). */
export async function liveOldMobile(digits: string, now = Date.now()): Promise<string | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: key(digits), ConsistentRead: true }));
  const old = codec.parse(out.Item);
  return old && !old.answered_at && Date.parse(old.until) > now ? old.mobile : null;
}

/** The old number answered a sign-in: it receives no more codes. */
export async function endOldMobile(digits: string, now = Date.now()): Promise<void> {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName('directory'),
        Key: key(digits),
        ...updateOf<OldMobile>({ answered_at: new Date(now).toISOString() }, conditionsOf<OldMobile>().exists('pk')),
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
