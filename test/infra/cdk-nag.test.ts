import { Validations } from 'aws-cdk-lib';
import type { Stack } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicRoutes } from '../../infra/constructs/firewall.js';
import { KEYS } from '../../infra/grants.js';
import { synthesize } from './synth.js';

let stacks: Record<'platform' | 'edge', Stack>;

/** The rules acknowledged somewhere in each stack, each with its reasons in code (see docs/security.md). */
const REVIEWED: Record<'platform' | 'edge', string[]> = {
  platform: [
    'AwsSolutions-APIG4',
    'AwsSolutions-CFR1',
    'AwsSolutions-CFR4',
    'AwsSolutions-COG1',
    'AwsSolutions-COG2',
    'AwsSolutions-COG8',
    'AwsSolutions-IAM4',
    'AwsSolutions-IAM5',
    'AwsSolutions-L1',
    'AwsSolutions-SMG4',
  ],
  edge: [],
};

beforeAll(() => {
  const { stack, edge } = synthesize();
  stacks = { platform: stack, edge };
});

interface Acknowledgement {
  at: string;
  id: string;
  reason: string;
}

/** The cdk-nag acknowledgements recorded in the construct tree (not aws-cdk-lib's own). */
function acknowledgements(root: IConstruct): Acknowledgement[] {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) => Object.entries(m.data as Record<string, string>))
      .map(([id, reason]) => ({ at: c.node.path, id: id.replace(/^annotation::/i, ''), reason }))
      .filter((a) => a.id.startsWith('AwsSolutions-')),
  );
}

function findings(stack: Stack, pack: AwsSolutionsChecks) {
  return pack
    .validateScope(stack)
    .violations.flatMap((v) =>
      v.violatingResources.map((r) => ({ rule: v.ruleName, path: r.constructPath ?? '', severity: v.severity, description: v.description })),
    );
}

describe.each(['platform', 'edge'] as const)('cdk-nag AwsSolutions on the %s stack', (name) => {
  it('reports no unacknowledged error or warning', () => {
    const stack = stacks[name];
    // Synthesis has run (aspects included), so every acknowledgement is in place.
    const open = findings(stack, new AwsSolutionsChecks(stack, { verbose: true }));

    expect(open.map((f) => `${f.severity} ${f.rule} at ${f.path}: ${f.description}`)).toEqual([]);
  });

  it('gives every acknowledgement a specific reason', () => {
    const all = acknowledgements(stacks[name]);

    for (const { at, id, reason } of all) expect(reason.length, `${id} at ${at}`).toBeGreaterThan(60);
  });

  it('acknowledges only findings that exist', () => {
    const stack = stacks[name];
    const pack = new AwsSolutionsChecks(stack);
    // What the rules find when nothing is acknowledged.
    (pack as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
    const raw = findings(stack, pack);

    const stale = acknowledgements(stack).filter(({ at, id }) => !raw.some((f) => f.rule === id && (f.path === at || f.path.startsWith(`${at}/`))));
    expect(stale.map((s) => `${s.id} at ${s.at}`)).toEqual([]);
  });

  it('acknowledges only the reviewed rules (docs/security.md, cdk-nag): never the WAF rule, and APIG4 only on public routes', () => {
    const all = acknowledgements(stacks[name]);
    expect([...new Set(all.map((a) => a.id.replace(/\[.*$/, '')))].sort()).toEqual(REVIEWED[name]);
    expect(all.filter((a) => a.id === 'AwsSolutions-APIG4')).toHaveLength(name === 'platform' ? publicRoutes().length : 0);
  });

  it('acknowledges object wildcards only for the key patterns of infra/grants.ts (and the SPA deployment)', () => {
    const patterns = new Set(Object.values(KEYS).flatMap((layout) => Object.values(layout).flat()));
    const objectWildcards = acknowledgements(stacks[name])
      .map((a) => ({ at: a.at, resource: /^AwsSolutions-IAM5\[Resource::<[^>]+>\/(.+)\]$/.exec(a.id)?.[1] }))
      .filter((a) => a.resource !== undefined);
    for (const { at, resource } of objectWildcards) {
      if (at.endsWith('Web/DeploymentRole/DefaultPolicy/Resource')) expect(resource).toBe('*');
      else expect([...patterns], at).toContain(resource);
    }
  });
});
