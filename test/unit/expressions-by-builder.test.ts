import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * DynamoDB updates and conditions are built by lambdas/adapters/dynamo/expressions.ts from the entity's record
 * type: no file of lambdas/ outside that builder writes an UpdateExpression or a ConditionExpression by hand (a
 * Query's KeyConditionExpression is not one of them). Each top folder of lambdas/ is checked apart.
 */
const BUILDER = 'lambdas/adapters/dynamo/expressions.ts';
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
  it("the pattern finds a hand-written expression, and not a Query's key condition", () => {
    expect(HAND_WRITTEN.test("{ ConditionExpression: 'attribute_not_exists(pk)' }")).toBe(true);
    expect(HAND_WRITTEN.test("{ UpdateExpression: 'SET a = :a' }")).toBe(true);
    expect(HAND_WRITTEN.test("{ KeyConditionExpression: 'pk = :pk' }")).toBe(false);
  });

  const folders = readdirSync(path.join(root, 'lambdas')).filter((name) => statSync(path.join(root, 'lambdas', name)).isDirectory());
  it('checks every folder of lambdas/, the data layer and the adapters among them', () => {
    expect(folders).toEqual(expect.arrayContaining(['adapters', 'api', 'data', 'events', 'http']));
    expect(existsSync(path.join(root, BUILDER))).toBe(true);
  });

  it.each(folders.map((name) => `lambdas/${name}`))('%s writes none by hand', (folder) => {
    const found = sources(path.join(root, folder))
      .filter((file) => path.relative(root, file) !== BUILDER)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (HAND_WRITTEN.test(line) ? [`${path.relative(root, file)}:${i + 1}`] : [])),
      );
    expect(found).toEqual([]);
  });
});
