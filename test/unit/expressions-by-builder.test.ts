import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * DynamoDB updates and conditions are built by lambdas/adapters/dynamo/expressions.ts from the entity's record
 * type: no file of these folders writes an UpdateExpression or a ConditionExpression by hand (a Query's
 * KeyConditionExpression is not one of them). The folders are one list, widened as aggregates move over.
 */
const BUILT_BY_THE_BUILDER = [
  'lambdas/data/audit',
  'lambdas/data/directory',
  'lambdas/data/disputes',
  'lambdas/data/employee-sign-in',
  'lambdas/data/notifications',
  'lambdas/data/rate-limits',
  'lambdas/data/settings',
  'lambdas/data/submissions',
  'lambdas/data/uploads',
];
const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const HAND_WRITTEN = /\b(UpdateExpression|ConditionExpression)\s*:/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return file.endsWith('.ts') ? [file] : [];
  });
}

describe('updates and conditions come from the builder', () => {
  it('the pattern finds a hand-written expression, and not a Query\'s key condition', () => {
    expect(HAND_WRITTEN.test("{ ConditionExpression: 'attribute_not_exists(pk)' }")).toBe(true);
    expect(HAND_WRITTEN.test("{ UpdateExpression: 'SET a = :a' }")).toBe(true);
    expect(HAND_WRITTEN.test("{ KeyConditionExpression: 'pk = :pk' }")).toBe(false);
  });

  it.each(BUILT_BY_THE_BUILDER)('%s writes none by hand', (folder) => {
    const dir = path.join(root, folder);
    expect(existsSync(dir)).toBe(true);
    const found = sources(dir).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (HAND_WRITTEN.test(line) ? [`${path.relative(root, file)}:${i + 1}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
