import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { auditSubject } from '#data/audit/subjects.js';
import { getHistory } from '#shared/routes/history.js';
import { buildApiEvent } from '../../infra/local/api-event.js';
import { handedClaims } from '../../lambdas/auth/api-authorizer.js';
import { named } from '../support/api.js';
import { grantDirectoryRoles } from '../support/directory-roles.js';
import { faultInjector } from '../support/dynamo-faults.js';

/**
 * A history lookup runs its reads and its audit Put at once, and still never answers
 * without its entry. The handler runs in this process so that faults reach its DynamoDB client.
 */
const twin = inject('twin');
Object.assign(process.env, twin.env);
const { dynamo } = await import('#adapters/aws-clients.js');
const { auditOfSubject } = await import('#data/audit/log.js');
const { handler } = await import('../../lambdas/api/history/handlers/get-history.js');
const injectFault = faultInjector(dynamo);
const removals: (() => void)[] = [];
afterEach(() => removals.splice(0).forEach((remove) => remove()));

const caller = { sub: randomUUID(), token_use: 'id', email: 'history-audit@example.com', exp: Math.floor(Date.now() / 1000) + 3600 };
// The caller's role is the directory's: a data user of an organisation of their own.
await grantDirectoryRoles(twin, caller.sub, caller.email, ['data_user']);
const freshDigits = () => String(100_000_000 + Math.floor(Math.random() * 800_000_000));

/** A history lookup as API Gateway hands it to the function, after its authorizer. */
async function lookup(digits: string): Promise<APIGatewayProxyStructuredResultV2> {
  const url = new URL(`http://localhost${getHistory.path}?nrc=${digits}&months=3`);
  const req = { headers: { host: 'localhost' }, socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
  const event = buildApiEvent({ req, url, route: getHistory, params: {}, body: Buffer.alloc(0), claims: handedClaims(caller) });
  const context = { functionName: getHistory.id, awsRequestId: event.requestContext.requestId } as Parameters<typeof handler>[1];
  return (await handler(event, context)) as APIGatewayProxyStructuredResultV2;
}
const isAuditPut = (command: string, input: Record<string, any>) => command === 'PutItemCommand' && input.TableName === twin.env.TABLE_AUDIT;
const outcomes = async (digits: string) => (await auditOfSubject(auditSubject.nrc(digits))).filter((e) => e.action === 'history.lookup').map((e) => e.outcome);

describe(`${named(getHistory)} and its audit entry`, () => {
  it('fails the lookup when its entry cannot be written, and answers nothing of the borrower', async () => {
    const digits = freshDigits();
    removals.push(injectFault('audit-down', (command, input) => (isAuditPut(command, input) ? 'fail' : null)));
    const res = await lookup(digits);
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(String(res.body))).toEqual({ error: 'internal', message: expect.any(String) });
    expect(await outcomes(digits)).toEqual([]);
  });

  it('holds the answer until the entry is written, even when the reads finish first', async () => {
    const digits = freshDigits();
    let written = false;
    dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        if (!isAuditPut(String(context.commandName), args.input as Record<string, any>)) return next(args);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const result = await next(args);
        written = true;
        return result;
      },
      { step: 'initialize', name: 'slow-audit' },
    );
    removals.push(() => dynamo.middlewareStack.remove('slow-audit'));
    const res = await lookup(digits);
    expect(written).toBe(true);
    expect(res.statusCode).toBe(200);
    expect(await outcomes(digits)).toEqual(['ok']);
  });

  it('records a failed read as failed, and fails the lookup', async () => {
    const digits = freshDigits();
    removals.push(injectFault('history-down', (command, input) => (command === 'QueryCommand' && input.TableName === twin.env.TABLE_HISTORY ? 'fail' : null)));
    const res = await lookup(digits);
    expect(res.statusCode).toBe(500);
    expect(await outcomes(digits)).toContain('failed');
  });
});
