import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * DynamoDB expressions are built from the entity's record type by lambdas/adapters/dynamo/expressions.ts (updates,
 * conditions) and queries.ts (key conditions, filters, projections): no file of lambdas/ outside that builder
 * writes one by hand (eslint.config.js refuses them too). Each top folder of lambdas/ is checked apart.
 */
const BUILDER = ['lambdas/adapters/dynamo/expressions.ts', 'lambdas/adapters/dynamo/queries.ts'];
const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const HAND_WRITTEN = /\b(UpdateExpression|ConditionExpression|KeyConditionExpression|FilterExpression|ProjectionExpression)\s*:/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return file.endsWith('.ts') ? [file] : [];
  });
}

describe('updates and conditions come from the builder', () => {
  it('the pattern finds a hand-written expression of every kind, and not the builder spread', () => {
    expect(HAND_WRITTEN.test("{ ConditionExpression: 'attribute_not_exists(pk)' }")).toBe(true);
    expect(HAND_WRITTEN.test("{ UpdateExpression: 'SET a = :a' }")).toBe(true);
    expect(HAND_WRITTEN.test("{ KeyConditionExpression: 'pk = :pk' }")).toBe(true);
    expect(HAND_WRITTEN.test("{ FilterExpression: '#s = :s' }")).toBe(true);
    expect(HAND_WRITTEN.test("{ ProjectionExpression: 'pk, sk' }")).toBe(true);
    expect(HAND_WRITTEN.test("{ ...queryOf({ pk: 'x' }) }")).toBe(false);
  });

  const folders = readdirSync(path.join(root, 'lambdas')).filter((name) => statSync(path.join(root, 'lambdas', name)).isDirectory());
  it('checks every folder of lambdas/, the data layer and the adapters among them', () => {
    expect(folders).toEqual(expect.arrayContaining(['adapters', 'api', 'data', 'events', 'http']));
    for (const file of BUILDER) expect(existsSync(path.join(root, file))).toBe(true);
  });

  it.each(folders.map((name) => `lambdas/${name}`))('%s writes none by hand', (folder) => {
    const found = sources(path.join(root, folder))
      .filter((file) => !BUILDER.includes(path.relative(root, file)))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (HAND_WRITTEN.test(line) ? [`${path.relative(root, file)}:${i + 1}`] : [])),
      );
    expect(found).toEqual([]);
  });
});
