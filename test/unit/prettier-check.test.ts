import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

/** `npm run lint` fails on an unformatted file: it runs `prettier --check .`, with the repository's settings. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const ignorePath = `${root}.prettierignore`;

describe('the format check', () => {
  it('is part of npm run lint', () => {
    const { scripts } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.lint).toContain('prettier --check .');
  });

  it.each([
    ['a formatted file', "import { a } from './a.js';\n\nexport const b = { a, list: ['x', 'y'] };\n", true],
    ['double quotes', 'import { a } from "./a.js";\n\nexport const b = { a, list: ["x", "y"] };\n', false],
    ['a missing semicolon', "import { a } from './a.js';\n\nexport const b = { a, list: ['x', 'y'] }\n", false],
    ['a missing trailing comma', `export const c = {\n  long: '${'x'.repeat(150)}',\n  other: 1\n};\n`, false],
  ])('%s: formatted %s', async (_, source, formatted) => {
    const filepath = `${root}lambdas/data/uploads/example.ts`;
    const options = await prettier.resolveConfig(filepath);
    expect(await prettier.check(source, { ...options, filepath })).toBe(formatted);
  });

  it.each([
    ['lambdas/data/uploads/upload.ts', false],
    ['web/src/lib/format.ts', false],
    ['docs/openapi.json', true],
    ['package-lock.json', true],
  ])('%s ignored: %s', async (file, ignored) => {
    expect((await prettier.getFileInfo(`${root}${file}`, { ignorePath })).ignored).toBe(ignored);
  });
});
