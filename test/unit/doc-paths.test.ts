import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every repository path the README, docs/**.md and the code's comments name must exist: a reader who follows
 * one must find the file. Placeholders (`<feature>`, `{id}`, `*`, `…`) stop a path; what comes before them is
 * checked as a folder.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const PREFIXES = ['lambdas', 'web/src', 'shared', 'infra', 'test', 'bench', 'capacity', 'scripts', 'docs'];
const PATH = new RegExp(`(?<![\\w@./-])(?:${PREFIXES.join('|')})/[\\w./-]*\\w`, 'g');
const PLACEHOLDER = /^[<{*…$[]/;
/** Build outputs and folders made by a run, named in docs but never committed. */
const GENERATED = ['web/dist', 'cli/dist', 'test-results', '.local'];
/** Documents outside the repository that the spec readings quote by name. */
const OUTSIDE = new Set(['API.md']);
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.cjs', '.js', '.json', '.md'];
const SKIP = new Set(['node_modules', 'dist', 'cdk.out', '.local', '.git', 'test-results', 'playwright-report', '.tsbuild']);
const CODE = /\.(ts|tsx|mjs|cjs|js)$/;

function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) return [];
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return files(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

const exists = (path: string) => EXTENSIONS.some((ext) => existsSync(join(ROOT, path + ext)));

/**
 * A source file named without its root (`upload.ts`, `data/uploads/upload.ts`, `./lint-boundaries.test.ts`): a relative one
 * from the naming file's folder, any other the end of some file's path. Built outputs (.mjs, .js) are not named so.
 */
const NAMED = /(?<![\w@#.*/$-])((?:\.{1,2}\/)?(?:[\w-]+\/)*[A-Za-z_][\w-]*(?:\.[\w-]+)*\.tsx?)\b/g;
let sources: string[] | undefined;
function isSourceFile(name: string, file: string): boolean {
  if (name.startsWith('.')) return existsSync(join(ROOT, dirname(file), name));
  sources ??= files('', (entry) => /\.tsx?$/.test(entry));
  return sources.some((path) => path === name || path.endsWith(`/${name}`));
}

/** The comments of a source file (a `//` inside a string may add a line of code: harmless, paths there exist too). */
function comments(source: string): string {
  return (source.match(/\/\*[\s\S]*?\*\/|(?<![:'"`])\/\/[^\n]*/g) ?? []).join('\n');
}

/** The paths `text` (found in `file`) names that do not exist. */
function danglingIn(file: string, text: string, isMarkdown: boolean): string[] {
  const missing: string[] = [];
  for (const match of text.matchAll(PATH)) {
    const path = match[0];
    const next = text[(match.index ?? 0) + path.length] ?? '';
    const checked = PLACEHOLDER.test(next) ? path.slice(0, path.lastIndexOf('/') + 1) || path : path;
    if (GENERATED.some((g) => checked.startsWith(g))) continue;
    if (!exists(checked.replace(/\/$/, ''))) missing.push(path);
  }
  for (const [, name = ''] of text.matchAll(NAMED)) {
    if (!PREFIXES.some((prefix) => name.startsWith(`${prefix}/`)) && !isSourceFile(name, file)) missing.push(name);
  }
  for (const [, name = ''] of text.matchAll(/(?<![\w/.-])([A-Z][A-Z0-9_-]*\.md)\b/g)) {
    if (!OUTSIDE.has(name) && !existsSync(join(ROOT, name)) && !existsSync(join(ROOT, dirname(file), name))) missing.push(name);
  }
  if (isMarkdown) {
    for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?:|mailto:|#)/.test(target)) continue;
      const path = relative(ROOT, join(ROOT, dirname(file), target.replace(/#.*$/, '')));
      if (!existsSync(join(ROOT, path))) missing.push(target);
    }
  }
  return missing;
}

describe('paths named in the docs and comments', () => {
  it.each([
    ['a file that exists', 'see lambdas/data/history/entries.ts.', []],
    ['a file that does not', 'pointing at (lambdas/data/employee-rows.ts)', ['lambdas/data/employee-rows.ts']],
    ['a module without its extension', 'like `shared/routes/history`', []],
    ['a placeholder keeps its folder', '`lambdas/api/<feature>/handlers/<route-id>.ts`', []],
    ['a placeholder in a folder that does not exist', '`lambdas/nowhere/<feature>.ts`', ['lambdas/nowhere']],
    ['an import alias is not a path', "import '@shared/routes/nowhere'", []],
    ['a design note outside the repository', 'as DESIGN.md says', ['DESIGN.md']],
    ['a file named alone that exists', 'the upload (upload.ts) and its objects (data/uploads/objects.ts)', []],
    ['a file named alone that does not', 'written by dispute-decision.ts, read by data/uploads.ts', ['dispute-decision.ts', 'data/uploads.ts']],
    ['a file named from the folder', 'its snapshot (./nowhere.ts)', ['./nowhere.ts']],
    ['a relative link', '[twin](docs/twin.md) and [gone](docs/gone.md#x)', ['docs/gone.md', 'docs/gone.md#x']],
  ])('%s', (_, text, missing) => {
    expect(danglingIn('README.md', text, true)).toEqual(missing);
  });

  it('every one exists', () => {
    const markdown = ['README.md', ...files('docs', (name) => name.endsWith('.md'))];
    const code = files('', (name) => CODE.test(name)).filter((path) => statSync(join(ROOT, path)).size < 500_000);
    const dangling = [
      ...markdown.flatMap((file) => danglingIn(file, readFileSync(join(ROOT, file), 'utf8'), true).map((p) => `${file}: ${p}`)),
      ...code.flatMap((file) => danglingIn(file, comments(readFileSync(join(ROOT, file), 'utf8')), false).map((p) => `${file}: ${p}`)),
    ];
    expect(dangling).toEqual([]);
  });

  it('leaves the README short enough to finish: at most 300 lines, the rest in docs/', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(300);
  });
});
