import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { HttpMethod } from '#shared/routes/index.js';
import type { BucketKey, TableKey } from '#shared/stores.js';
import { REPO_ROOT } from '../../infra/constructs/app-function.js';

/**
 * What a handler's code calls in AWS, read from its own bundle: esbuild bundles the handler with
 * our code only (packages stay external) and drops what nothing reaches, so every AWS SDK command
 * left in the output is one the function can send. Each top-level function of the bundle is one
 * unit: its `new XCommand(` calls go to the tables and buckets it names (`tableName('x')`,
 * `bucketName('x')`), or, for helpers handed a table name, to those its module names.
 *
 * It over-approximates (a command in a branch never taken still counts), never under-approximates
 * for code written the way lambdas/data is written; the IAM test compares it with the grants both
 * ways. Two refinements keep it precise:
 * - GET routes never record the request (lambdas/http/request-audit.ts), so that module is replaced
 *   by a stub for them, as isStateChanging (shared/routes/define.ts) decides at run time;
 * - writeAudit sends BatchWriteItem only for the pointers of an entry's `also` list, so it counts
 *   only where the handler's code passes one.
 */
export interface TableNeeds {
  actions: Set<string>;
  indexes: Set<string>;
}
export interface BucketNeeds {
  actions: Set<string>;
}
export interface HandlerCalls {
  tables: Map<TableKey, TableNeeds>;
  buckets: Map<BucketKey, BucketNeeds>;
  /** Cognito actions, without the `cognito-idp:` prefix. */
  cognito: Set<string>;
  /** Cognito actions on the employees' pool (those of lambdas/data/employee-sign-in/employee-users.ts). */
  employeePool: Set<string>;
  /** Sends email through SES (SendEmailCommand). */
  sendsEmail: boolean;
  /** Texts through SNS (PublishCommand). */
  sendsSms: boolean;
  /** Reads the SPA URL's parameter (lambdas/lib/app-url.ts). */
  readsAppUrl: boolean;
  /** Calls no table or bucket could be attributed to (the test shows them). */
  unattributed: string[];
}

const DYNAMO: Record<string, string> = {
  Get: 'GetItem',
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  Query: 'Query',
  Scan: 'Scan',
  BatchGet: 'BatchGetItem',
  BatchWrite: 'BatchWriteItem',
  TransactGet: 'GetItem',
  DescribeTable: 'DescribeTable',
};
// HeadObject is authorised as s3:GetObject; CopyObject as GetObject on the source and PutObject on the target.
const S3: Record<string, string[]> = {
  GetObject: ['GetObject'],
  HeadObject: ['GetObject'],
  PutObject: ['PutObject'],
  // A multipart upload's steps are authorised as s3:PutObject (an incomplete one is removed by the bucket's lifecycle).
  CreateMultipartUpload: ['PutObject'],
  UploadPart: ['PutObject'],
  CompleteMultipartUpload: ['PutObject'],
  CopyObject: ['GetObject', 'PutObject'],
  DeleteObject: ['DeleteObject'],
  DeleteObjects: ['DeleteObject'],
  HeadBucket: ['ListBucket'],
  ListObjectsV2: ['ListBucket'],
};
const TRANSACT_ITEM: Record<string, string> = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' };
const COGNITO = /^(Admin\w+|ListUsers\w*|DescribeUserPool|GetUser|GlobalSignOut|CreateUserPoolClient|DeleteUserPoolClient)$/;
/** The one module that calls Cognito on the employees' pool rather than the staff pool. */
const EMPLOYEE_POOL_MODULE = 'lambdas/data/employee-sign-in/employee-users.ts';

/** The stub of lambdas/http/request-audit.ts for GET routes. */
const noRequestAudit = (method: HttpMethod): Plugin => ({
  name: 'no-request-audit',
  setup(b) {
    if (method !== 'GET') return;
    b.onResolve({ filter: /request-audit\.js$/ }, () => ({ path: 'request-audit', namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
      contents: 'export async function recordRequest() {}',
      loader: 'js',
    }));
  },
});

/**
 * The stub of lambdas/http/client-limit.ts for routes not open to API clients: the authorise step refuses
 * a client's token before it counts it there (`openToClients`, shared/routes/define.ts).
 */
const noClientLimit = (openToClients: boolean): Plugin => ({
  name: 'no-client-limit',
  setup(b) {
    if (openToClients) return;
    b.onResolve({ filter: /client-limit\.js$/ }, () => ({ path: 'client-limit', namespace: 'stub-limit' }));
    b.onLoad({ filter: /.*/, namespace: 'stub-limit' }, () => ({ contents: 'export async function countClientRequest() {}', loader: 'js' }));
  },
});

/**
 * Repository functions whose bucket is their caller's choice (`bucketName(to.bucket)`): the buckets
 * they may reach and how, written down by hand. Any other such function is reported as unattributed.
 */
const CALLER_CHOSEN_BUCKET: Record<string, Partial<Record<BucketKey, string[]>>> = {
  // lambdas/data/submissions/submissions.ts: copies an upload (source: uploads) to where it is stored, uploads or onboarding.
  copyToStorage: { uploads: ['GetObject', 'PutObject'], onboarding: ['PutObject'] },
  // lambdas/adapters/s3-objects.ts: its callers name the bucket (`presignPost("uploads", …)`), counted there.
  presignPost: {},
  // lambdas/adapters/s3-objects.ts: its callers name the bucket (`readObjectStart("evidence", …)`), counted there.
  readObjectStart: {},
  readObjectStartOf: {},
  // lambdas/adapters/s3-objects.ts: a HEAD in the bucket its caller names (`objectExists("uploads", …)`), counted there.
  objectExists: {},
};

/** lambdas/adapters/dynamo/toolkit.ts: the toolkit sends the command its caller describes (table, index), so it is counted at the call. */
const TOOLKIT = 'lambdas/adapters/dynamo/toolkit.ts';
const TOOLKIT_CALLS: Record<string, string> = {
  queryAll: 'Query',
  queryCount: 'Query',
  queryPage: 'Query',
  scanAll: 'Scan',
  batchGetAll: 'BatchGet',
  batchWriteAll: 'BatchWrite',
};
const TOOLKIT_CALL = /\b(queryAll|queryCount|queryPage|scanAll|batchGetAll|batchWriteAll)(?:<[^>]*>)?\(/g;
/**
 * lambdas/data/four-eyes/slot.ts: a four-eyes slot reads and writes the table its caller's layout names
 * (`table: () => tableName('register')`), so each of its functions is counted at the call, on the caller's module's table.
 */
const SLOT = 'lambdas/data/four-eyes/slot.ts';
const SLOT_CALLS: Record<string, string[]> = {
  slotProposal: ['GetItem'],
  slotDecision: ['GetItem'],
  proposeInSlot: ['PutItem'],
  decideInSlot: ['DeleteItem', 'PutItem'],
};
const SLOT_CALL = /\b(slotProposal|slotDecision|proposeInSlot|decideInSlot)(?:<[^>]*>)?\(/g;

const literals = (text: string, re: RegExp) => [...new Set([...text.matchAll(re)].map((m) => m[1]!))];

/** Splits a bundle into `{ module, name, text }` per top-level declaration. */
function units(code: string) {
  const out: { module: string; name: string; text: string }[] = [];
  let module = '';
  for (const chunk of code.split(/^(?=\/\/ \S+\.ts$|(?:async )?function\*? \w+|var \w+ = )/m)) {
    const header = /^\/\/ (\S+\.ts)$/m.exec(chunk.slice(0, 300));
    if (header && chunk.startsWith('//')) module = header[1]!;
    const name = /^(?:async )?function\*? (\w+)|^var (\w+) = /.exec(chunk);
    out.push({ module, name: name?.[1] ?? name?.[2] ?? '', text: chunk });
  }
  return out;
}

export async function handlerCalls(handler: string, method: HttpMethod, openToClients = false): Promise<HandlerCalls> {
  const result = await build({
    entryPoints: [path.join(REPO_ROOT, 'lambdas', `${handler}.ts`)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    treeShaking: true,
    minify: false,
    logLevel: 'silent',
    plugins: [noRequestAudit(method), noClientLimit(openToClients)],
  });
  const code = result.outputFiles[0]!.text;
  const all = units(code);
  const calls: HandlerCalls = {
    tables: new Map(),
    buckets: new Map(),
    cognito: new Set(),
    employeePool: new Set(),
    unattributed: [],
    sendsEmail: /new (?:[\w$]+\.)?SendEmailCommand\(/.test(code),
    sendsSms: /new (?:[\w$]+\.)?PublishCommand\(/.test(code),
    readsAppUrl: /requiredEnv\("APP_URL_PARAMETER"\)/.test(code),
  };
  const handlerPassesAlso = all.some((u) => u.name !== 'writeAudit' && /\balso: /.test(u.text));
  const moduleTables = (module: string) =>
    literals(
      all
        .filter((u) => u.module === module)
        .map((u) => u.text)
        .join('\n'),
      /tableName\("(\w+)"\)/g,
    );

  const table = (key: string) => {
    if (!calls.tables.has(key as TableKey)) calls.tables.set(key as TableKey, { actions: new Set(), indexes: new Set() });
    return calls.tables.get(key as TableKey)!;
  };
  const bucket = (key: string) => {
    if (!calls.buckets.has(key as BucketKey)) calls.buckets.set(key as BucketKey, { actions: new Set() });
    return calls.buckets.get(key as BucketKey)!;
  };

  for (const unit of all) {
    const commands = [...unit.text.matchAll(/new (?:[\w$]+\.)?(\w+)Command\d*\(/g)].map((m) => m[1]!);
    const tx = [...unit.text.matchAll(/\b(Put|Update|Delete|ConditionCheck): \{(?!\s*Objects)/g)].map((m) => TRANSACT_ITEM[m[1]!]!);
    let tables = literals(unit.text, /tableName\("(\w+)"\)/g);
    if (tables.length === 0) tables = moduleTables(unit.module);
    const buckets = literals(unit.text, /bucketName\("(\w+)"\)/g);

    if (unit.module === TOOLKIT || unit.module === SLOT) continue;
    const toolkit = [...unit.text.matchAll(TOOLKIT_CALL)].map((m) => TOOLKIT_CALLS[m[1]!]!);
    const slot = [...unit.text.matchAll(SLOT_CALL)].flatMap((m) => SLOT_CALLS[m[1]!]!);
    const dynamo = [...commands, ...toolkit].filter((c) => c in DYNAMO && !(unit.name === 'writeAudit' && c === 'BatchWrite' && !handlerPassesAlso));
    const dynamoActions = [...dynamo.filter((c) => c !== 'Query').map((c) => DYNAMO[c]!), ...tx, ...slot];
    const queries = dynamo.filter((c) => c === 'Query').length;
    const indexes = literals(unit.text, /IndexName: "(\w+)"/g);
    const indexQueries = (unit.text.match(/IndexName: "/g) ?? []).length;
    if (dynamoActions.length || queries) {
      if (tables.length === 0) calls.unattributed.push(`${unit.module} ${unit.name}: ${dynamo.join(', ')}`);
      for (const key of tables) {
        const needs = table(key);
        dynamoActions.forEach((a) => needs.actions.add(a));
        indexes.forEach((i) => queries && needs.indexes.add(i));
        if (queries > indexQueries) needs.actions.add('Query');
      }
    }

    const chosen = CALLER_CHOSEN_BUCKET[unit.name];
    if (/bucketName\((?!")/.test(unit.text) && !unit.text.startsWith('var bucketName')) {
      if (!chosen) calls.unattributed.push(`${unit.module} ${unit.name}: a bucket chosen by the caller`);
      for (const [key, actions] of Object.entries(chosen ?? {})) actions.forEach((a) => bucket(key).actions.add(a));
      continue;
    }
    const s3 = commands.filter((c) => c in S3).flatMap((c) => S3[c]!);
    // A GetObject naming a version is authorised as s3:GetObjectVersion.
    if (commands.includes('GetObject') && /\bVersionId: /.test(unit.text)) s3.push('GetObjectVersion');
    // A missing key answers 404 only with s3:ListBucket (403 without): needed where the code tells the two apart.
    if (s3.includes('GetObject') && /isNotFound\(|!== 404|=== 404/.test(unit.text)) s3.push('ListBucket');
    if (s3.length) {
      if (buckets.length === 0) calls.unattributed.push(`${unit.module} ${unit.name}: ${commands.join(', ')}`);
      for (const key of buckets) s3.forEach((a) => bucket(key).actions.add(a));
    }
    for (const key of literals(unit.text, /presign\w*\("(\w+)"/g)) bucket(key).actions.add('PutObject');
    // A ranged GetObject or a HEAD that tells a missing object apart (null, false): read and list.
    for (const key of literals(unit.text, /(?:readObjectStart(?:Of)?|objectExists)\("(\w+)"/g))
      ['GetObject', 'ListBucket'].forEach((a) => bucket(key).actions.add(a));

    const pool = unit.module === EMPLOYEE_POOL_MODULE ? calls.employeePool : calls.cognito;
    commands.filter((c) => COGNITO.test(c)).forEach((c) => pool.add(c));
  }
  return calls;
}
