import { REVIEWS_PAGE_SIZE, SUBMISSION_STATUSES } from '#shared/api/reviews.js';
import { getDashboardMetrics } from '#shared/routes/dashboard.js';
import { listSubmissions } from '#shared/routes/reviews.js';
import { seedMembership, seedOrganisation, subOf } from '../test/fixtures/submissions/directory.js';
import { createUser, signIn } from '../test/support/cognito.js';
import type { Bench, Figure } from './figures.js';
import { benchSubmissions, counterItems, putAll, submissionItem } from './seed.js';
import { interleavedLoops, type Loop, progress, withTwin } from './support.js';

const SUBMISSIONS = Number(process.env.BENCH_READS_SUBMISSIONS ?? 4_000);
const CONCURRENCY = Number(process.env.BENCH_READS_CONCURRENCY ?? 20);
const SECONDS = Number(process.env.BENCH_READS_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_READS_ROUNDS ?? 3);
const ORGS = 10;
/** Most submissions decided, some waiting: every status partition holds more than a page. */
const STATUS_MIX = ['approved', 'approved', 'approved', 'pending', 'fi_approved', 'rejected'];

const ms = (v: number) => `${v.toFixed(1)} ms`;
const line = (loop: Loop) => `${Math.round(loop.rate)}/s, p50 ${ms(loop.p50)}, p99 ${ms(loop.p99)}`;

/**
 * The dashboard metrics of an organisation admin and the reviews queue of a compliance
 * reviewer, read through the HTTP gateway by 20 concurrent callers, interleaved with 20 callers making the
 * DynamoDB calls each route makes straight on the same DynamoDB Local (the metrics: the caller's
 * memberships, then the counters and the team count at once; the queue: the newest page of each status
 * partition at once).
 */
export const readsBench: Bench = {
  name: 'reads',
  async run(): Promise<Figure[]> {
    return withTwin(async (twin) => {
      Object.assign(process.env, twin.env);
      const { BatchGetCommand, QueryCommand } = await import('@aws-sdk/lib-dynamodb');
      const { dynamo, tableName } = await import('#adapters/aws-clients.js');
      const { counterKey } = await import('#data/submissions/counters.js');
      const { metricsCounterKeys } = await import('../lambdas/api/dashboard/views.js');
      const orgs = await Promise.all(Array.from({ length: ORGS }, (_, i) => seedOrganisation(twin, `R${String(100 + i)}`, `Reads Bank ${i + 1}`)));
      const subs = benchSubmissions(SUBMISSIONS, orgs, 500, (j) => STATUS_MIX[j % STATUS_MIX.length]!);
      progress(`seeding ${SUBMISSIONS.toLocaleString('en-US')} submissions over ${ORGS} organisations and their counters`);
      await putAll(tableName('submissions'), subs.map(submissionItem));
      await putAll(tableName('submissions'), await counterItems(subs));

      const admin = await createUser(twin, ['fi_admin']);
      const adminToken = (await signIn(twin, admin.email, admin.password)).idToken;
      const adminId = subOf(adminToken);
      await seedMembership(twin, orgs[0]!, adminId);
      const reviewer = await createUser(twin, ['compliance']);
      const reviewerToken = (await signIn(twin, reviewer.email, reviewer.password)).idToken;

      const get = async (path: string, token: string) => {
        const res = await fetch(`${twin.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
        return { status: res.status, body: (await res.json()) as { series?: { submissions: number }[]; items?: unknown[] } };
      };
      // The 12 months of the series cover the year of seeded submissions.
      const metrics = async () => {
        const res = await get(getDashboardMetrics.path, adminToken);
        return res.status === 200 && (res.body.series ?? []).reduce((sum, month) => sum + month.submissions, 0) > 0;
      };
      const queue = async () => {
        const res = await get(`${listSubmissions.path}?scope=reviews`, reviewerToken);
        return res.status === 200 && res.body.items?.length === REVIEWS_PAGE_SIZE;
      };
      // The same DynamoDB calls, straight: get-dashboard-metrics for an organisation admin...
      const rawMetrics = async () => {
        const memberships = await dynamo.send(
          new QueryCommand({
            TableName: tableName('directory'),
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :sk)',
            ExpressionAttributeValues: { ':pk': `USER#${adminId}`, ':sk': 'MEMBER#' },
          }),
        );
        const orgId = String(memberships.Items?.[0]?.org_id);
        const keys = metricsCounterKeys(`ORG#${orgId}`, new Date()).map(({ scope, period }) => counterKey(scope, period));
        const [counters] = await Promise.all([
          dynamo.send(new BatchGetCommand({ RequestItems: { [tableName('submissions')]: { Keys: keys, ConsistentRead: true } } })),
          dynamo.send(
            new QueryCommand({
              TableName: tableName('directory'),
              KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
              FilterExpression: '#status = :approved',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':sk': 'MEMBER#', ':approved': 'approved' },
              Select: 'COUNT',
            }),
          ),
        ]);
        return (counters.Responses?.[tableName('submissions')]?.length ?? 0) > 0;
      };
      // ...and list-submissions for a reviewer: the newest page of every status partition of gsi1.
      const rawQueue = async () => {
        const pages = await Promise.all(
          SUBMISSION_STATUSES.map((status) =>
            dynamo.send(
              new QueryCommand({
                TableName: tableName('submissions'),
                IndexName: 'gsi1',
                KeyConditionExpression: 'gsi1pk = :pk',
                ExpressionAttributeValues: { ':pk': `STATUS#${status}` },
                ScanIndexForward: false,
                Limit: 100,
              }),
            ),
          ),
        );
        return pages.reduce((sum, page) => sum + (page.Items?.length ?? 0), 0) >= REVIEWS_PAGE_SIZE;
      };

      progress('warming up');
      await interleavedLoops(1, 5, 2, { metrics, queue, rawMetrics, rawQueue });
      progress(
        `${CONCURRENCY} concurrent callers: metrics, their DynamoDB calls, the reviews queue, its DynamoDB calls; ${ROUNDS} rounds of ${SECONDS} s each`,
      );
      const loops = await interleavedLoops(ROUNDS, CONCURRENCY, SECONDS, { metrics, rawMetrics, queue, rawQueue });
      const loaded = `${CONCURRENCY} callers in a closed loop, ${ROUNDS} × ${SECONDS} s`;
      const errors = Object.values(loops).reduce((sum, loop) => sum + loop.errors, 0);
      return [
        {
          name: 'reads.metrics_p95_ms_20_concurrent',
          value: loops.metrics.p95,
          unit: 'ms',
          baseline: `${CONCURRENCY} callers making its DynamoDB calls, p95`,
          baseline_value: loops.rawMetrics.p95,
          ratio: loops.metrics.p95 / loops.rawMetrics.p95,
          note: `GET ${getDashboardMetrics.path} as an FI admin, ${loaded}: ${line(loops.metrics)}; its calls straight (memberships Query, then counters BatchGet and team count Query at once): ${line(loops.rawMetrics)}`,
        },
        {
          name: 'reads.queue_p95_ms_20_concurrent',
          value: loops.queue.p95,
          unit: 'ms',
          baseline: `${CONCURRENCY} callers making its DynamoDB calls, p95`,
          baseline_value: loops.rawQueue.p95,
          ratio: loops.queue.p95 / loops.rawQueue.p95,
          note: `GET ${listSubmissions.path}?scope=reviews as a compliance reviewer (a page of ${REVIEWS_PAGE_SIZE} of ${SUBMISSIONS.toLocaleString('en-US')}), ${loaded}: ${line(loops.queue)}; its calls straight (${SUBMISSION_STATUSES.length} status Queries of 100 at once): ${line(loops.rawQueue)}`,
        },
        { name: 'reads.errors', value: errors, unit: 'errors', target: { op: '<=', value: 0 }, note: 'a non-200 answer, or not the page or figures seeded' },
      ];
    });
  },
};
