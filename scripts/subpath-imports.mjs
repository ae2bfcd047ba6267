#!/usr/bin/env node
/**
 * Rewrites every relative import that reaches into another root to its Node subpath import:
 * `../../../data/uploads/entity.js` in lambdas/api/ becomes `#data/uploads/entity.js`.
 *
 * The roots are package.json's "imports" (`"#data/*.js": "./lambdas/data/*.ts"`): an import whose target lies
 * in one of them, written in a file outside that root, names the root. Imports inside a root stay relative.
 * web/ keeps its Vite aliases (`@/`, `@shared/`), and the files at the repository's root (the tools' own
 * configs) are left alone. Re-runnable: a second run changes nothing.
 *
 *   node scripts/subpath-imports.mjs          rewrite in place, print how many imports in how many files
 *   node scripts/subpath-imports.mjs --check  change nothing; exit 1 and list them if any import would change
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

/** `#data/` → `lambdas/data/`, from package.json's patterns `"#data/*.js": "./lambdas/data/*.ts"`. */
const imports = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).imports ?? {};
const roots = Object.entries(imports)
  .map(([key, target]) => ({
    prefix: key.replace(/\*\.js$/, ''),
    folder: normalize(
      String(target)
        .replace(/^\.\//, '')
        .replace(/\*\.ts$/, ''),
    ),
  }))
  .sort((a, b) => b.folder.length - a.folder.length);

const rootOf = (path) => roots.find((root) => path.startsWith(root.folder));

/** The string literals that name a module: import/export … from, import(), import type, vi.mock and friends. */
function specifiers(source) {
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal);
    } else if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      const callee = node.expression.getText(source);
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword || /^vi\.(mock|doMock|unmock|importActual|importMock)$/.test(callee)) {
        found.push(node.arguments[0]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function rewrite(file) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const own = rootOf(file);
  const edits = [];
  for (const literal of specifiers(source)) {
    const spec = literal.text;
    if (!spec.startsWith('../') || !spec.endsWith('.js')) continue;
    const target = normalize(join(dirname(file), spec));
    const root = rootOf(target);
    if (!root || root === own) continue;
    edits.push({ start: literal.getStart(source) + 1, end: literal.getEnd() - 1, to: root.prefix + relative(root.folder, target) });
  }
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.to + out.slice(edit.end);
  return { out, count: edits.length, changed: out !== text };
}

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.mjs'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file.includes('/') && !file.startsWith('web/') && existsSync(join(ROOT, file)));

let imports_ = 0;
const changed = [];
for (const file of files) {
  const { out, count, changed: isChanged } = rewrite(file);
  if (!isChanged) continue;
  imports_ += count;
  changed.push(file);
  if (!check) writeFileSync(join(ROOT, file), out);
}
if (check && changed.length) {
  console.error(
    `${imports_} relative imports reach into another root; run \`node scripts/subpath-imports.mjs\` to name them by their subpath (#shared/…, #data/…):`,
  );
  for (const file of changed) console.error(`  ${file}`);
  process.exit(1);
}
console.log(check ? 'Every import into another root uses its subpath.' : `${imports_} imports rewritten in ${changed.length} files.`);
