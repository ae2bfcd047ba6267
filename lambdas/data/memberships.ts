import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type Membership, membershipSchema } from '../../shared/api/me.js';
import { dynamo, tableName } from './clients.js';

/** Access pattern "memberships of a user": pk=USER#{sub}, sk begins_with MEMBER#. */
export async function listMembershipsOfUser(userId: string): Promise<Membership[]> {
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('directory'),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':sk': 'MEMBER#' },
    }),
  );
  return (out.Items ?? []).flatMap((item) => {
    const parsed = membershipSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
