import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PayrollPlatformStack } from '../../infra/stack.js';
import { synthesize } from './synth.js';

let stack: PayrollPlatformStack;

beforeAll(() => {
  ({ stack } = synthesize());
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

function findings(pack: AwsSolutionsChecks) {
  return pack
    .validateScope(stack)
    .violations.flatMap((v) => v.violatingResources.map((r) => ({ rule: v.ruleName, path: r.constructPath ?? '', severity: v.severity, description: v.description })));
}

describe('cdk-nag AwsSolutions', () => {
  it('reports no unacknowledged error or warning', () => {
    // Synthesis has run (aspects included), so every acknowledgement is in place.
    const open = findings(new AwsSolutionsChecks(stack, { verbose: true }));

    expect(open.map((f) => `${f.severity} ${f.rule} at ${f.path}: ${f.description}`)).toEqual([]);
  });

  it('gives every acknowledgement a specific reason', () => {
    const all = acknowledgements(stack);

    expect(all.length).toBeGreaterThan(0);
    for (const { at, id, reason } of all) expect(reason.length, `${id} at ${at}`).toBeGreaterThan(60);
  });

  it('acknowledges only findings that exist', () => {
    const pack = new AwsSolutionsChecks(stack);
    // What the rules find when nothing is acknowledged.
    (pack as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
    const raw = findings(pack);

    const stale = acknowledgements(stack).filter(({ at, id }) => !raw.some((f) => f.rule === id && (f.path === at || f.path.startsWith(`${at}/`))));
    expect(stale.map((s) => `${s.id} at ${s.at}`)).toEqual([]);
  });
});
