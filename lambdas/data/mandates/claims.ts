import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { change, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure } from '#adapters/dynamo/toolkit.js';
import { pinMatches } from '#lib/pin-hash.js';
import { MANDATE_PIN_TRIES } from '#shared/api/mandates.js';
import { nrcDigits } from '#shared/rules/nrc.js';
import { notificationPut } from '../notifications/outbox.js';
import {
  getStoredMandate,
  mandateKey,
  mandateRecord,
  parseStoredMandate,
  payeeIndexKeys,
  type MandateItem,
  type MandateRecord,
  type StoredMandate,
} from './mandates.js';
import { mirrorWrite } from './mirror.js';

/**
 * The changes of a mandate's state, each one conditional write on the mandate's item (key design in
 * mandates.ts), so that two requests at once never both succeed: claimed (issued → claimed, with the PIN),
 * a wrong PIN counted (an atomic ADD bounded by the condition: no count lost, never past the limit), and
 * revoked by its employee (issued or claimed → revoked).
 */
export type Refusal = 'locked' | 'claimed' | 'revoked' | 'expired';

export type ClaimOutcome =
  | { kind: 'claimed'; mandate: MandateRecord }
  | { kind: 'wrong_pin'; triesLeft: number; mandate: MandateRecord }
  | { kind: 'refused'; reason: Refusal; mandate: MandateRecord };

export interface Claimer {
  userId: string;
  email: string;
}

/** Why a mandate cannot be claimed now, or null when it can. */
export function claimRefusal(mandate: MandateRecord): Refusal | null {
  if (mandate.state === 'claimed' || mandate.state === 'used') return 'claimed';
  if (mandate.state === 'revoked' || mandate.state === 'expired') return mandate.state;
  return mandate.locked ? 'locked' : null;
}

/** The mandate as it is now, and why it refused a write conditioned on what was read before. */
async function refusedNow(number: string, now: Date): Promise<ClaimOutcome> {
  const current = mandateRecord((await getStoredMandate(number))!, now);
  return { kind: 'refused', reason: claimRefusal(current) ?? 'claimed', mandate: current };
}

const mandateIs = conditionsOf<MandateItem>();
/** Issued, and not locked by wrong PINs. */
const OPEN = mandateIs.and(
  mandateIs.is('state', 'issued'),
  mandateIs.or(mandateIs.missing('pin_failures'), mandateIs.below('pin_failures', MANDATE_PIN_TRIES)),
);

/**
 * A lender's claim with the PIN the employee passed on: the terms on success; a wrong PIN counts one of
 * MANDATE_PIN_TRIES; a mandate that is not open to a claim (claimed, locked, revoked, expired) is refused
 * with its state. Of two claims at once exactly one wins: the other's condition finds it claimed. The
 * employee's text is queued in the claim's own transaction (its outbox item), so only a claim made is texted.
 */
export async function claimMandate(stored: StoredMandate, pin: string, claimer: Claimer, now = new Date()): Promise<ClaimOutcome> {
  const before = mandateRecord(stored, now);
  const refusal = claimRefusal(before);
  if (refusal) return { kind: 'refused', reason: refusal, mandate: before };
  if (!(await pinMatches(pin, stored))) {
    try {
      const out = await dynamo.send(
        new UpdateCommand({
          TableName: tableName('directory'),
          Key: mandateKey(stored.number),
          ...updateOf<MandateItem>({ pin_failures: change.add(1) }, OPEN),
          ReturnValues: 'ALL_NEW',
        }),
      );
      const after = mandateRecord(parseStoredMandate(out.Attributes), now);
      return { kind: 'wrong_pin', triesLeft: Math.max(0, MANDATE_PIN_TRIES - after.pin_failures), mandate: after };
    } catch (error) {
      if (isConditionFailure(error)) return refusedNow(stored.number, now);
      throw error;
    }
  }
  const claimed_at = now.toISOString();
  const index = payeeIndexKeys({ payee_key: stored.payee_key, claimed_at, number: stored.number });
  const claimed = { state: 'claimed' as const, claimed_at, claimed_by: claimer.userId, claimed_by_email: claimer.email };
  try {
    // The mandate and its mirror on the employee's NRC summary, at once (mirror.ts).
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName('directory'),
              Key: mandateKey(stored.number),
              ...updateOf<MandateItem>({ ...claimed, ...index }, mandateIs.and(OPEN, mandateIs.above('claim_by', claimed_at))),
            },
          },
          mirrorWrite(stored, 'claimed', null),
          notificationPut({ kind: 'mandate.claimed', number: stored.number, org_name: stored.org_name }),
        ],
      }),
    );
    return { kind: 'claimed', mandate: mandateRecord({ ...stored, ...claimed }, now) };
  } catch (error) {
    if (isConditionFailure(error, 0)) return refusedNow(stored.number, now);
    throw error;
  }
}

/**
 * Its employee revokes a mandate not yet used (issued and not expired, or claimed): the revoked mandate
 * stays on both lists, marked. Answers the mandate as it is after, revoked or not (the caller tells why).
 */
export async function revokeMandate(number: string, nrc: string, now = new Date()): Promise<{ revoked: boolean; mandate: MandateRecord | null }> {
  const stored = await getStoredMandate(number);
  // Another employee's mandate is as good as none to this one.
  if (!stored || stored.nrc_digits !== nrcDigits(nrc)) return { revoked: false, mandate: null };
  const before = mandateRecord(stored, now);
  if (before.state !== 'issued' && before.state !== 'claimed') return { revoked: false, mandate: before };
  const revoked_at = now.toISOString();
  try {
    // Conditioned on the state read: a claim or a use in between makes this one fail and read again.
    const mandate = {
      Update: {
        TableName: tableName('directory'),
        Key: mandateKey(number),
        ...updateOf<MandateItem>(
          { state: 'revoked', revoked_at },
          mandateIs.and(mandateIs.is('state', stored.state), mandateIs.or(mandateIs.is('state', 'claimed'), mandateIs.above('claim_by', revoked_at))),
        ),
      },
    };
    // Only a claimed mandate has a mirror to mark; an issued one is read by number when cited.
    const items = stored.state === 'claimed' ? [mandate, mirrorWrite(stored, 'revoked', null)] : [mandate];
    await dynamo.send(new TransactWriteCommand({ TransactItems: items }));
    return { revoked: true, mandate: mandateRecord({ ...stored, state: 'revoked', revoked_at }, now) };
  } catch (error) {
    if (!isConditionFailure(error, 0)) throw error;
    return { revoked: false, mandate: mandateRecord((await getStoredMandate(number))!, now) };
  }
}
