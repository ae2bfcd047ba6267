import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from './clients.js';

/**
 * The last sign-in of each user, in the directory table: pk=SIGNIN#{sub} sk=LAST, holding at.
 * Written by the Cognito post-authentication trigger (Cognito keeps no sign-in time without its
 * paid threat protection); read by the User Inspector. Access pattern: "last sign-in of a user", Get.
 */
const signInKey = (sub: string) => ({ pk: `SIGNIN#${sub}`, sk: 'LAST' });

export async function recordSignIn(sub: string, at: string): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: tableName('directory'), Item: { ...signInKey(sub), user_id: sub, at } }));
}

export async function lastSignIn(sub: string): Promise<string | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('directory'), Key: signInKey(sub) }));
  return typeof out.Item?.at === 'string' ? out.Item.at : null;
}
