import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { conditionOf, conditionsOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure } from '#adapters/dynamo/toolkit.js';

/**
 * The last sign-in of each user, in the directory table: pk=SIGNIN#{sub} sk=LAST, holding at.
 * Written by the Cognito post-authentication trigger (Cognito keeps no sign-in time without its
 * paid threat protection); read by the User Inspector. Access pattern: "last sign-in of a user", Get.
 */
const signInKey = (sub: string) => ({ pk: `SIGNIN#${sub}`, sk: 'LAST' });

/**
 * When the account was confirmed (Cognito keeps no such time): pk=SIGNIN#{sub} sk=CONFIRMED, holding at.
 * Written once, the first time: by the PostConfirmation trigger for a self sign-up, by the invitation's
 * acceptance (the password set) for an invited account. Access pattern: "confirmation of a user", Get.
 */
const confirmedKey = (sub: string) => ({ pk: `SIGNIN#${sub}`, sk: 'CONFIRMED' });
/** A sign-in item (the last one, or the confirmation): whose, and when. */
interface SignInTime {
  user_id: string;
  at: string;
}

export async function recordSignIn(sub: string, at: string): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: tableName('directory'), Item: { ...signInKey(sub), user_id: sub, at } }));
}

export async function lastSignIn(sub: string): Promise<string | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: signInKey(sub) }));
  return typeof out.Item?.at === 'string' ? out.Item.at : null;
}

/** Records the confirmation's time unless one is recorded already (the first confirmation stays). */
export async function recordConfirmation(sub: string, at: string): Promise<void> {
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName('directory'),
        Item: { ...confirmedKey(sub), user_id: sub, at },
        ...conditionOf(conditionsOf<SignInTime>().missing('pk')),
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export async function confirmedAt(sub: string): Promise<string | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: confirmedKey(sub) }));
  return typeof out.Item?.at === 'string' ? out.Item.at : null;
}
