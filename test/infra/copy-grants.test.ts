import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BucketKey } from '#shared/stores.js';
import { pascalCase } from '../../infra/constructs/names.js';
import { KEYS } from '../../infra/grants.js';
import type { PayrollPlatformStack } from '../../infra/stack.js';
import { policyPairs } from './policies.js';
import { logicalId, synthesize } from './synth.js';

/**
 * The server-side copies (Submit's CopyObject of the validated file, a fraud report's of each checked
 * attachment) need s3:GetObject on the source and s3:PutObject on the target: nothing wider, no
 * bucket-wide key, no write to the source, no s3:* action.
 */
let stack: PayrollPlatformStack;
let template: Template;
beforeAll(() => ({ stack, template } = synthesize()));

const s3Pairs = (routeId: string) => {
  const fn = stack.api.functions.find((f) => f.node.id === pascalCase(routeId))!;
  return [...policyPairs(template, logicalId(fn.role))].filter((pair) => pair.startsWith('s3:'));
};
const arn = (bucket: BucketKey) => `<${logicalId(stack.storage.buckets[bucket])}.Arn>`;

const COPIES = [
  { route: 'submit-upload', bucket: 'uploads' as const, source: KEYS.uploads.incoming, targets: [...KEYS.uploads.stored] },
  { route: 'create-fraud-report', bucket: 'evidence' as const, source: KEYS.evidence.staging, targets: [KEYS.evidence.filed] },
];

describe('the grants of the server-side copies', () => {
  it.each(COPIES)('$route: s3:GetObject on the source, s3:PutObject on the target', ({ route, bucket, source, targets }) => {
    const pairs = s3Pairs(route);
    expect(pairs).toContain(`s3:GetObject ${arn(bucket)}/${source}`);
    for (const target of targets) expect(pairs).toContain(`s3:PutObject ${arn(bucket)}/${target}`);
  });

  it.each(COPIES)('$route: nothing wider (no s3:*, no whole bucket, no write to the source)', ({ route, bucket, source }) => {
    const pairs = s3Pairs(route);
    expect(pairs.filter((pair) => /^s3:\*|^s3:[A-Za-z]*\* /.test(pair))).toEqual([]);
    expect(pairs.filter((pair) => pair.endsWith('.Arn>/*') || pair.endsWith(' *'))).toEqual([]);
    expect(pairs).not.toContain(`s3:PutObject ${arn(bucket)}/${source}`);
    expect([...new Set(pairs.map((pair) => pair.split(' ')[0]))].sort()).toEqual(expect.arrayContaining(['s3:GetObject', 's3:PutObject']));
    expect(
      pairs.map((pair) => pair.split(' ')[0]).filter((action) => !['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:ListBucket'].includes(action!)),
    ).toEqual([]);
  });
});

describe('the version-pinned evidence links', () => {
  it('get-dispute: s3:GetObjectVersion on the dispute evidence keys, and on nothing else', () => {
    expect(s3Pairs('get-dispute').filter((pair) => pair.startsWith('s3:GetObjectVersion '))).toEqual([
      `s3:GetObjectVersion ${arn('evidence')}/${KEYS.evidence.disputes}`,
    ]);
  });

  it('no other route may read an older version of any object', () => {
    const others = stack.api.functions.filter((f) => f.node.id !== pascalCase('get-dispute'));
    const versioned = others.flatMap((fn) =>
      [...policyPairs(template, logicalId(fn.role))].filter((pair) => pair.startsWith('s3:GetObjectVersion')).map((pair) => `${fn.node.id}: ${pair}`),
    );
    expect(versioned).toEqual([]);
  });
});
