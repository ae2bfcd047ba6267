import { ROUTES } from '#shared/routes/index.js';
import { currentMonth } from '#shared/rules/dates.js';
import { seedMembership, seedOrganisation, subOf, uniquePayeeKey } from '../test/fixtures/submissions/directory.js';
import { createUser, signIn } from '../test/support/cognito.js';
import type { TwinHandle } from '../test/support/twin-process.js';
import type { Bench, Figure } from './figures.js';
import { generateInputsWorkbook } from './fixtures.js';
import { chunkedIngestion } from './load-chunked.js';
import { closedLoop, progress, quantile, withTwin } from './support.js';

const UPLOADS = Number(process.env.LOAD_UPLOADS ?? 20);
const ROWS = Number(process.env.LOAD_ROWS ?? 10_000);
const LOOKUP_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const RAMP = [4, 8, 16, 32, 64];
const RAMP_SECONDS = 4;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function client(twin: TwinHandle, token: string) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${twin.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, any> };
  };
}

/** One upload the way the browser makes it: create, POST to S3, wait for validation, submit, wait for ingestion. */
async function uploadOnce(
  twin: TwinHandle,
  call: ReturnType<typeof client>,
  payeeKey: string,
  data: Uint8Array,
  index: number,
): Promise<{ ms: number; error?: string }> {
  const start = performance.now();
  const created = await call('POST', '/api/uploads', {
    doc_kind: 'inputs',
    month: currentMonth(),
    payee_key: payeeKey,
    file_name: `load-${index}.xlsx`,
    size: data.length,
    content_type: XLSX,
  });
  if (created.status !== 200) return { ms: 0, error: `create ${created.status}` };
  const form = new FormData();
  for (const [k, v] of Object.entries(created.body.upload.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)]), `load-${index}.xlsx`);
  const posted = await fetch(created.body.upload.url, { method: 'POST', body: form });
  if (posted.status !== 204) return { ms: 0, error: `S3 ${posted.status}` };
  let upload;
  do {
    await pause(250);
    upload = await call('GET', `/api/uploads/${created.body.id}`);
  } while (upload.status === 200 && upload.body.status !== 'validated' && upload.body.status !== 'failed');
  if (process.env.LOAD_TRACE) progress(`upload ${index}: validated after ${Math.round(performance.now() - start)} ms`);
  if (upload.body.status !== 'validated' || upload.body.errors?.length) return { ms: 0, error: `validation ${upload.status} ${upload.body.status}` };
  const submitted = await call('POST', `/api/uploads/${created.body.id}/submit`);
  if (submitted.status !== 200) return { ms: 0, error: `submit ${submitted.status}` };
  let submission;
  do {
    await pause(250);
    submission = await call('GET', `/api/submissions/${submitted.body.submission_id}`);
  } while (submission.status === 200 && submission.body.ingestion?.status === 'pending');
  if (process.env.LOAD_TRACE) progress(`upload ${index}: ingested after ${Math.round(performance.now() - start)} ms`);
  if (submission.body.ingestion?.status !== 'done' || submission.body.counts?.inserted !== ROWS)
    return { ms: 0, error: `ingestion ${JSON.stringify(submission.body.counts ?? submission.body.ingestion)}` };
  return { ms: performance.now() - start };
}

/**
 * Load on the twin: 20 concurrent 10,000-row uploads validated and ingested, then history
 * lookups for 60 s at the highest rate the twin holds (found by a short ramp of concurrency), then one
 * 300,000-row file through the chunked ingestion beside raw BatchWriteItem (load-chunked.ts).
 */
export const loadBench: Bench = {
  name: 'load',
  async run(): Promise<Figure[]> {
    return withTwin(async (twin) => {
      const org = await seedOrganisation(twin, uniquePayeeKey());
      const user = await createUser(twin, ['fi_admin']);
      const { idToken } = await signIn(twin, user.email, user.password);
      await seedMembership(twin, org, subOf(idToken));
      const call = client(twin, idToken);

      progress(`generating ${UPLOADS} files of ${ROWS.toLocaleString('en-US')} rows`);
      const files = Array.from({ length: UPLOADS }, (_, i) =>
        generateInputsWorkbook({ rows: ROWS, month: currentMonth(), payeeKey: org.payeeKey, offset: i * ROWS }),
      );
      progress(`${UPLOADS} concurrent uploads: validate, submit, ingest`);
      const start = performance.now();
      const results = await Promise.all(
        files.map((data, i) => uploadOnce(twin, call, org.payeeKey, data, i).catch((error: Error) => ({ ms: 0, error: error.message }))),
      );
      const wall = (performance.now() - start) / 1000;
      const failed = results.filter((r) => r.error);
      for (const f of failed.slice(0, 5)) progress(`upload failed: ${f.error}`);
      const times = results
        .filter((r) => !r.error)
        .map((r) => r.ms)
        .sort((a, b) => a - b);
      const figures: Figure[] = [
        {
          name: 'load.upload_errors',
          value: failed.length,
          unit: 'errors',
          target: { op: '<=', value: 0 },
          note: `${UPLOADS} concurrent uploads of ${ROWS.toLocaleString('en-US')} rows, each created, posted to S3, validated, submitted and ingested`,
        },
        {
          name: 'load.uploads_wall_s',
          value: wall,
          unit: 's',
          note: `all ${UPLOADS} end to end; ${Math.round((UPLOADS * ROWS) / wall).toLocaleString('en-US')} rows/s through validation and ingestion`,
        },
        {
          name: 'load.upload_p50_s',
          value: quantile(times, 0.5) / 1000,
          unit: 's',
          note: `one upload, end to end, under the load of the others (p99 ${(quantile(times, 0.99) / 1000).toFixed(1)} s)`,
        },
      ];

      if (!ROUTES.some((route) => route.id === ('get-history' as string))) {
        progress('GET /api/history is not in the route table yet: history lookups not measured');
        return [...figures, ...(await chunkedIngestion(twin, call, org.payeeKey))];
      }
      // Borrowers of the first file, spread over it (the generator's NRC of row j).
      const nrcs = Array.from({ length: Math.min(2_000, ROWS) }, (_, i) => Math.floor((i * ROWS) / Math.min(2_000, ROWS))).map(
        (j) => `${100_000 + j}/${10 + (j % 90)}/${1 + (j % 9)}`,
      );
      const lookup = async (i: number) => {
        const res = await call('GET', `/api/history?nrc=${encodeURIComponent(nrcs[i % nrcs.length]!)}&months=3`);
        return res.status === 200 && Array.isArray(res.body?.items) && res.body.items.length > 0;
      };
      let best = { workers: RAMP[0]!, rate: 0 };
      for (const workers of RAMP) {
        progress(`ramp: ${workers} concurrent lookups for ${RAMP_SECONDS} s`);
        const step = await closedLoop(workers, RAMP_SECONDS, lookup);
        if (step.errors > 0 || step.rate < best.rate * 1.05) break;
        best = { workers, rate: step.rate };
      }
      progress(`${LOOKUP_SECONDS} s of lookups with ${best.workers} concurrent callers`);
      const run = await closedLoop(best.workers, LOOKUP_SECONDS, lookup);
      figures.push(
        {
          name: 'load.history_errors',
          value: run.errors,
          unit: 'errors',
          target: { op: '<=', value: 0 },
          note: `${run.count.toLocaleString('en-US')} lookups in ${LOOKUP_SECONDS} s`,
        },
        {
          name: 'load.history_rate_per_s',
          value: run.rate,
          unit: 'req/s',
          note: `${best.workers} concurrent callers: the most the ramp ${RAMP.join('/')} found before throughput stopped growing or errors appeared`,
        },
        { name: 'load.history_p50_ms', value: run.p50, unit: 'ms' },
        { name: 'load.history_p99_ms', value: run.p99, unit: 'ms' },
      );
      // Last, so that its hundreds of thousands of items weigh on none of the figures above.
      figures.push(...(await chunkedIngestion(twin, call, org.payeeKey)));
      return figures;
    });
  },
};
