import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { defineCodec } from '#adapters/dynamo/codec.js';
import { queryOf, sortKey } from '#adapters/dynamo/queries.js';

/**
 * The employee directory link, in the directory table: who an employee's Cognito user is on the payroll.
 * - link: pk=EMPLOYEE#{sub} sk=LINK, holding the NRC and employee number the code was sent for, with the
 *   name and mobile the register gave then.
 * Written when a code is sent to a matching register entry (the user is created on the first match);
 * read by every employee request (lambdas/http/employee-caller.ts). Access pattern: "employee by sub", Query of one key.
 * The caller's NRC is read here, never from the token.
 */
const linkSchema = z.object({
  user_id: z.string(),
  nrc: z.string(),
  employee_number: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  mobile: z.string(),
  updated_at: z.string(),
  /** Off the current register: the first month without them and the last month they may sign in (lambdas/data/register/leavers.ts). */
  left_payroll: z.object({ since: z.string(), until: z.string() }).nullable().default(null),
});
export type EmployeeLink = z.output<typeof linkSchema>;

const linkKey = (sub: string) => ({ pk: `EMPLOYEE#${sub}`, sk: 'LINK' });
const linkCodec = defineCodec('employee link', linkSchema, (l) => linkKey(l.user_id));

/**
 * A Query of the one key rather than a GetItem: every route's chain runs this read (an employee route's
 * caller), and every route's function already holds Query on the directory for the staff caller's roles.
 */
export async function getEmployeeLink(sub: string): Promise<EmployeeLink | null> {
  const { pk, sk } = linkKey(sub);
  const out = await dynamo.send(
    new QueryCommand({
      TableName: tableName('directory'),
      ...queryOf({ pk, sk: sortKey.is(sk) }),
      ConsistentRead: true,
    }),
  );
  return linkCodec.parse(out.Items?.[0]);
}

/** Keeps the link in step with the register entry the latest code went to. */
export async function putEmployeeLink(link: EmployeeLink): Promise<void> {
  await dynamo.send(new PutCommand({ TableName: tableName('directory'), Item: linkCodec.build(link) }));
}
