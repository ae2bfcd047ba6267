import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { RECONCILIATION_PAGE_SIZE } from '#shared/api/reconciliation.js';
import { getReconciliation } from '#shared/routes/reconciliation.js';
import { buildApiEvent } from '../../infra/local/api-event.js';
import { handedClaims } from '../../lambdas/auth/api-authorizer.js';
import { seededLender } from '../fixtures/submissions/directory.js';
import { named, okBody } from '../support/api.js';
import { appliedFlow, appliedRow } from '../support/applied-flow.js';
import { grantDirectoryRoles } from '../support/directory-roles.js';
import { payrollAuthorityAdmin } from '../support/payroll-authority.js';
import { freezeSchedule, scheduleLine, testMonth } from '../support/payroll-schedule.js';

/**
 * A page of a lender's reconciliation lines reads its own lines: from where the page before stopped, one ranged
 * GetObject of the lender's file, and nothing of its CSV (made with the first page). The handler runs in this process
 * so that its S3 client's requests are seen.
 */
const twin = inject('twin');
Object.assign(process.env, twin.env);
const { s3 } = await import('#adapters/aws-clients.js');
const { handler } = await import('../../lambdas/api/reconciliation/handlers/get-reconciliation.js');

const month = testMonth();
const LINES = 3 * RECONCILIATION_PAGE_SIZE + 30;
let payeeKey: string;
let uploadId: string;
const caller = { sub: randomUUID(), token_use: 'id', email: 'reconciliation-pages@example.com', exp: Math.floor(Date.now() / 1000) + 3600 };

/** The S3 requests the handler sends (a link signed is none: it never reaches this step), each command's name, key and range. */
const sent: { command: string; key: string; range?: string }[] = [];
s3.middlewareStack.add(
  (next, context) => async (args) => {
    const input = args.input as { Key?: string; Range?: string };
    sent.push({ command: String(context.commandName), key: String(input.Key), ...(input.Range && { range: input.Range }) });
    return next(args);
  },
  { step: 'deserialize', name: 'count-s3' },
);
afterEach(() => void sent.splice(0));
// The shard's next files share this S3 client (one module graph): they count nothing.
afterAll(() => void s3.middlewareStack.remove('count-s3'));

async function page(query: Record<string, string>): Promise<APIGatewayProxyStructuredResultV2> {
  const url = new URL(`http://localhost${getReconciliation.path}?${new URLSearchParams({ month, payee_key: payeeKey, ...query })}`);
  const req = { headers: { host: 'localhost' }, socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
  const event = buildApiEvent({ req, url, route: getReconciliation, params: {}, body: Buffer.alloc(0), claims: handedClaims(caller) });
  const context = { functionName: getReconciliation.id, awsRequestId: event.requestContext.requestId } as Parameters<typeof handler>[1];
  return (await handler(event, context)) as APIGatewayProxyStructuredResultV2;
}
const body = (res: APIGatewayProxyStructuredResultV2) => JSON.parse(String(res.body));
const linesKey = () => `results/${uploadId}/reconciliation/${payeeKey}.jsonl`;

beforeAll(async () => {
  await grantDirectoryRoles(twin, caller.sub, caller.email, ['compliance']);
  const [pmec, lender] = await Promise.all([payrollAuthorityAdmin(twin), seededLender(twin)]);
  payeeKey = lender.org.payeeKey;
  const lines = Array.from({ length: LINES }, (_, i) => scheduleLine(payeeKey, i + 1, 100 + i));
  await freezeSchedule(twin, month, lines, 1, { [payeeKey]: lender.org.orgName });
  // Every third line deducted short, with its reason.
  const rows = lines.map((l, i) => (i % 3 === 0 ? appliedRow(l, 50, 'INSUFFICIENT PAY') : appliedRow(l, l.amount)));
  const flow = appliedFlow(twin);
  const upload = await flow.validate(pmec.token, month, rows);
  expect(upload).toMatchObject({ status: 'validated', totals: { errors: 0 } });
  okBody(await flow.submit(pmec.token, upload.id));
  uploadId = upload.id;
});

describe(`${named(getReconciliation)}, page by page`, () => {
  it('reads a later page from where the page before stopped, one ranged GetObject, and never the CSV again', async () => {
    const first = await page({});
    expect(first.statusCode).toBe(200);
    const one = body(first);
    expect(one.lines).toHaveLength(RECONCILIATION_PAGE_SIZE);
    expect(one.csv_url).toEqual(expect.any(String));
    sent.splice(0);

    const seen = [...one.lines];
    let cursor: string | null = one.next_cursor;
    while (cursor) {
      const res = await page({ cursor });
      expect(res.statusCode).toBe(200);
      expect(sent).toEqual([{ command: 'GetObjectCommand', key: linesKey(), range: `bytes=${Number(cursor) - 1}-` }]);
      sent.splice(0);
      const next = body(res);
      expect(next.csv_url).toEqual(expect.any(String));
      seen.push(...next.lines);
      cursor = next.next_cursor;
    }
    const numbers = seen.map((line: { employee_no: string }) => line.employee_no);
    expect(numbers).toEqual(Array.from({ length: LINES }, (_, i) => scheduleLine(payeeKey, i + 1, 0).employee_no));
  });

  it('makes the CSV once: a first page after it finds it there', async () => {
    expect((await page({})).statusCode).toBe(200);
    expect(sent.map((s) => s.command).sort()).toEqual(['GetObjectCommand', 'HeadObjectCommand']);
    expect(sent.find((s) => s.command === 'GetObjectCommand')).toEqual({ command: 'GetObjectCommand', key: linesKey() });
  });

  it('pages a status filter through the same cursor, each page its own lines', async () => {
    const first = body(await page({ status: 'SHORT' }));
    expect(first.lines).toHaveLength(RECONCILIATION_PAGE_SIZE);
    const second = body(await page({ status: 'SHORT', cursor: first.next_cursor }));
    expect(second.next_cursor).toBeNull();
    const all = [...first.lines, ...second.lines];
    expect(all).toHaveLength(LINES / 3);
    expect(new Set(all.map((line: { status: string }) => line.status))).toEqual(new Set(['SHORT']));
  });

  it('refuses a cursor that is no line of the file with a sentence, and one past its end', async () => {
    const one = body(await page({}));
    for (const cursor of [String(Number(one.next_cursor) + 3), '9999999999']) {
      const res = await page({ cursor });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ error: 'stale_cursor', message: expect.stringContaining('start again from the first page') });
    }
  });
});
