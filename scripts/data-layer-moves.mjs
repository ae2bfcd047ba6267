#!/usr/bin/env node
/**
 * Moves lambdas/data into one folder per aggregate and the adapters that are not tables into lambdas/adapters,
 * and rewrites every reference to a moved module in the repository. Re-runnable: run it on any tree (files
 * already moved or not, new files that still import an old path) and it brings every file to the same end:
 *
 *   node scripts/data-layer-moves.mjs          # move and rewrite
 *   node scripts/data-layer-moves.mjs --check  # list what it would change, change nothing (exit 1 when something)
 *
 * For each file (.ts .tsx .mjs .cjs .js .json .md, outside node_modules and build outputs):
 * - each relative module specifier (`from '…'`, `import('…')`, `export … from '…'`, a Markdown link) is resolved
 *   where the file stands before the move, else where it stood (a file another branch edited before the move),
 *   mapped through MOVES (old → new) and written relative to where the file stands after the move;
 * - a named import of a symbol that SPLITS sent to another module of its aggregate is sent there, once that
 *   module exports it;
 * - each repository path naming a moved file (`lambdas/data/<module>.ts`, in comments, docs, tests) is rewritten.
 * Sources are moved with `git mv` (plain rename when untracked) when they exist and their target does not.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHECK = process.argv.includes('--check');

/** Old module (under lambdas/data) → new path, relative to lambdas/. */
const TABLE = {
  // adapters: what talks to AWS without being a table's entity
  'clients.ts': 'adapters/aws-clients.ts',
  'dynamo.ts': 'adapters/dynamo/toolkit.ts',
  'codec.ts': 'adapters/dynamo/codec.ts',
  's3-objects.ts': 'adapters/s3-objects.ts',
  'json-upload.ts': 'adapters/s3-json-array-upload.ts',
  'email.ts': 'adapters/email.ts',
  'sms.ts': 'adapters/sms.ts',
  'health.ts': 'adapters/health.ts',
  // uploads: the upload record, its objects and result files
  'uploads.ts': 'data/uploads/upload.ts',
  'validated-file.ts': 'data/uploads/validated-file.ts',
  'nrc-signals.ts': 'data/uploads/nrc-signals.ts',
  // submissions and their review
  'submissions.ts': 'data/submissions/submissions.ts',
  'counters.ts': 'data/submissions/counters.ts',
  'reviews.ts': 'data/submissions/reviews.ts',
  'review-list.ts': 'data/submissions/review-list.ts',
  'payee-months.ts': 'data/submissions/payee-months.ts',
  // ingestion of a submitted file
  'ingestion-chunks.ts': 'data/ingestion/chunks.ts',
  'ingestion-join.ts': 'data/ingestion/join.ts',
  'ingestion-layout.ts': 'data/ingestion/layout.ts',
  'ingestion-progress.ts': 'data/ingestion/progress.ts',
  // borrower history and its summaries
  'history.ts': 'data/history/entries.ts',
  'history-read.ts': 'data/history/entries-read.ts',
  'borrower-summary.ts': 'data/history/summaries.ts',
  'summary-attributes.ts': 'data/history/summary-attributes.ts',
  'summary-bounds.ts': 'data/history/summary-bounds.ts',
  'summary-compaction.ts': 'data/history/summary-compaction.ts',
  'summary-items.ts': 'data/history/summary-items.ts',
  'summary-writes.ts': 'data/history/summary-writes.ts',
  'submission-statuses.ts': 'data/history/submission-statuses.ts',
  'shared-employee-numbers.ts': 'data/history/shared-employee-numbers.ts',
  // the fraud registry
  'registry.ts': 'data/registry/reports.ts',
  'registry-check.ts': 'data/registry/nrc-summary.ts',
  'registry-digest.ts': 'data/registry/digest.ts',
  'registry-lifecycle.ts': 'data/registry/lifecycle.ts',
  'evidence.ts': 'data/registry/evidence.ts',
  // the payroll register
  'register.ts': 'data/register/versions.ts',
  'register-ingestion.ts': 'data/register/ingestion.ts',
  'register-leavers.ts': 'data/register/leavers.ts',
  'register-proposals.ts': 'data/register/proposals.ts',
  'register-snapshot.ts': 'data/register/snapshot.ts',
  // the directory: organisations, memberships, people, platform admins, access requests
  'directory.ts': 'data/directory/organisations.ts',
  'memberships.ts': 'data/directory/memberships.ts',
  'team.ts': 'data/directory/membership-changes.ts',
  'invite-acceptance.ts': 'data/directory/invitations.ts',
  'metrics.ts': 'data/directory/team-counts.ts',
  'employees.ts': 'data/directory/employee-links.ts',
  'caller-directory.ts': 'data/directory/caller-access.ts',
  'users.ts': 'data/directory/staff-users.ts',
  'sign-ins.ts': 'data/directory/sign-ins.ts',
  'access-requests.ts': 'data/directory/access-requests.ts',
  'access-decisions.ts': 'data/directory/access-decisions.ts',
  'onboarding-documents.ts': 'data/directory/onboarding-documents.ts',
  'platform-admins.ts': 'data/directory/platform-admins.ts',
  'platform-admin-invitations.ts': 'data/directory/platform-admin-invitations.ts',
  'billing.ts': 'data/directory/billing-plans.ts',
  // an employee's sign-in: codes, the employees' pool, old mobiles
  'employee-codes.ts': 'data/employee-sign-in/codes.ts',
  'employee-users.ts': 'data/employee-sign-in/employee-users.ts',
  'old-mobiles.ts': 'data/employee-sign-in/old-mobiles.ts',
  // mandates
  'mandates.ts': 'data/mandates/mandates.ts',
  'mandate-claims.ts': 'data/mandates/claims.ts',
  'mandate-use.ts': 'data/mandates/use.ts',
  'mandate-mirror.ts': 'data/mandates/mirror.ts',
  // disputes
  'disputes.ts': 'data/disputes/disputes.ts',
  'dispute-decision.ts': 'data/disputes/decision.ts',
  'dispute-evidence.ts': 'data/disputes/evidence.ts',
  // the audit log
  'audit.ts': 'data/audit/log.ts',
  'file-checks.ts': 'data/audit/file-checks.ts',
  // settings, limits, notifications
  'settings.ts': 'data/settings/settings.ts',
  'rate-limit.ts': 'data/rate-limits/windows.ts',
  'text-budget.ts': 'data/rate-limits/text-budget.ts',
  'notifications.ts': 'data/notifications/outbox.ts',
};
const MOVES = new Map(Object.entries(TABLE).map(([from, to]) => [`lambdas/data/${from}`, `lambdas/${to}`]));

/**
 * Symbols that left a moved module for another module of its aggregate (a content change after the move):
 * an import of one of them is sent to its new module as soon as that module exports it.
 */
const SPLITS = {
  'lambdas/data/uploads/upload.ts': {
    'lambdas/data/uploads/objects.ts': ['INCOMING_PREFIX', 'incomingKey', 'presignUpload', 'headUploadObject', 'readUploadObject', 'sha256Of', 'stripQuotes'],
    'lambdas/data/uploads/results.ts': ['resultKeys', 'putResult', 'readResultJson', 'streamValidatedRows', 'reportLink'],
  },
};

const SKIP = new Set(['node_modules', '.git', 'dist', 'cdk.out', '.local', '.tsbuild', 'test-results', 'playwright-report', 'screenshots']);
const TEXT = /\.(ts|tsx|mjs|cjs|js|json|md)$/;
const CODE_EXT = ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json', '.md', ''];

function walk(dir) {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name) || (entry.name.startsWith('.') && entry.name !== '.ci')) return [];
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return walk(path);
    if (entry.isSymbolicLink()) return [];
    return TEXT.test(entry.name) && entry.name !== 'package-lock.json' ? [path] : [];
  });
}

const before = new Set(walk(''));
/** Where a file stands after this run. */
const after = (path) => MOVES.get(path) ?? path;
const reverse = new Map([...MOVES].map(([from, to]) => [to, from]));
const afterSet = new Set([...before].map(after));

/** The repository file a resolved path names (`x.js` written for `x.ts`), as it stands after the move, or null. */
function target(resolved) {
  const candidates = [resolved, resolved.replace(/\.js$/, '.ts'), resolved.replace(/\.js$/, '.tsx'), ...CODE_EXT.map((ext) => resolved + ext)];
  for (const candidate of candidates) {
    const moved = after(candidate);
    if (afterSet.has(moved)) return { path: moved, written: candidate };
  }
  // a folder (a Markdown link to one)
  if (existsSync(join(ROOT, resolved)) && !TEXT.test(resolved)) return { path: resolved, written: resolved, folder: true };
  return null;
}

/** A relative specifier written from `from` (a file) to `to`, naming its extension as the original did. */
function specifier(from, to, original) {
  let rel = posix.relative(posix.dirname(from), to);
  if (!rel.startsWith('.')) rel = `./${rel}`;
  const ext = posix.extname(original);
  if (!ext) return rel.replace(/\.(ts|tsx|mjs|cjs|js)$/, '');
  if (ext === '.js' && /\.tsx?$/.test(to)) return rel.replace(/\.tsx?$/, '.js');
  return rel;
}

/** Resolves `spec` written in the file now at `now` (formerly at `was`): the file it names after the move. */
function resolveSpec(now, was, spec) {
  const clean = spec.replace(/[?#].*$/, '');
  // A file moving in this run was written where it stood; one already at a new path may hold another branch's
  // edit written where it stood before the move.
  const bases = was !== now ? [was] : [now, reverse.get(now) ?? now];
  for (const base of bases) {
    const found = target(posix.normalize(posix.join(posix.dirname(base), clean)));
    if (found) return found;
  }
  return null;
}

const exportsOf = new Map();
function exportsName(path, name) {
  if (!exportsOf.has(path)) {
    const file = join(ROOT, existsSync(join(ROOT, path)) ? path : (reverse.get(path) ?? path));
    exportsOf.set(path, existsSync(file) ? readFileSync(file, 'utf8') : '');
  }
  const text = exportsOf.get(path);
  return new RegExp(`export\\s+(?:declare\\s+)?(?:async\\s+)?(?:function\\*?|const|let|class|interface|type|enum)\\s+${name}\\b`).test(text) ||
    new RegExp(`export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(text);
}

/** Where a named symbol imported from `module` lives now. */
function homeOf(module, name) {
  for (const [to, names] of Object.entries(SPLITS[module] ?? {})) {
    if (names.includes(name) && afterSet.has(to) && exportsName(to, name)) return to;
  }
  return module;
}

const IMPORT = /((?:^|[\s;])(?:import|export)\s+(type\s+)?)(\{[^}]*\}|[\w$]+(?:\s*,\s*\{[^}]*\})?|\*\s+as\s+[\w$]+|\*)?(\s*from\s*)?(['"])(\.{1,2}\/[^'"]*)\5/g;
const DESTRUCTURED = /(^[ \t]*|\n[ \t]*)(const|let)\s*\{([^}]*)\}(\s*=\s*await\s+import\(\s*)(['"])(\.{1,2}\/[^'"]*)\5\)/gm;
const DYNAMIC = /(\b(?:import|require|vi\.mock|vi\.importActual)\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;

function rewriteCode(now, was, text) {
  let out = text.replace(IMPORT, (whole, head, typeKw, clause, fromKw, quote, spec) => {
    const found = resolveSpec(now, was, spec);
    if (!found) return whole;
    const names = clause?.startsWith('{') ? clause : null;
    if (names && SPLITS[found.path] && fromKw) {
      // Send each named import to the module that exports it now.
      const parts = clause.slice(1, -1).split(',').map((p) => p.trim()).filter(Boolean);
      const groups = new Map();
      for (const part of parts) {
        const name = part.replace(/^type\s+/, '').split(/\s+as\s+/)[0].trim();
        const home = homeOf(found.path, name);
        if (!groups.has(home)) groups.set(home, []);
        groups.get(home).push(part);
      }
      if (groups.size > 1 || !groups.has(found.path)) {
        const lead = head.match(/^[\s;]*/)[0];
        const keyword = head.trim().startsWith('export') ? 'export' : 'import';
        return [...groups].map(([home, list], i) =>
          `${i === 0 ? lead : '\n'}${keyword} ${typeKw ?? ''}{ ${list.join(', ')} }${fromKw}${quote}${specifier(now, home, spec)}${quote}`).join(';');
      }
    }
    return `${head}${clause ?? ''}${fromKw ?? ''}${quote}${specifier(now, found.path, spec)}${quote}`;
  });
  // `const { a, b } = await import('…')`: each name from the module that exports it now.
  out = out.replace(DESTRUCTURED, (whole, lead, decl, names, mid, quote, spec) => {
    const found = resolveSpec(now, was, spec);
    if (!found || !SPLITS[found.path]) return whole;
    const groups = new Map();
    for (const part of names.split(',').map((p) => p.trim()).filter(Boolean)) {
      const home = homeOf(found.path, part.split(':')[0].trim());
      if (!groups.has(home)) groups.set(home, []);
      groups.get(home).push(part);
    }
    return [...groups].map(([home, list], i) =>
      `${i === 0 ? lead : `;\n${lead.replace(/^\n/, '')}`}${decl} { ${list.join(', ')} }${mid}${quote}${specifier(now, home, spec)}${quote})`).join('');
  });
  out = out.replace(DYNAMIC, (whole, head, quote, spec) => {
    const found = resolveSpec(now, was, spec);
    return found ? `${head}${quote}${specifier(now, found.path, spec)}${quote}` : whole;
  });
  return out;
}

/** Markdown links relative to the document. */
function rewriteLinks(now, was, text) {
  return text.replace(/\]\((\.{0,2}\/?[^)\s:#]+)(#[^)\s]*)?\)/g, (whole, link, hash = '') => {
    if (!link.includes('/') || link.startsWith('/')) return whole;
    const found = resolveSpec(now, was, link.startsWith('.') ? link : `./${link}`);
    if (!found || found.folder) return whole;
    let rel = posix.relative(posix.dirname(now), found.path);
    if (!link.startsWith('.') && rel.startsWith('..')) return whole;
    if (link.startsWith('./') && !rel.startsWith('.')) rel = `./${rel}`;
    return `](${rel}${hash})`;
  });
}

/** Repository paths naming a moved module: `lambdas/data/<module>.ts` (or `.js`) in comments, strings, docs. */
const NAMED = /(?<![\w@.-])((?:\.\.?\/)*)lambdas\/data\/([\w-]+)\.(ts|js)(?![\w/-])/g;
function rewritePaths(text) {
  return text.replace(NAMED, (whole, prefix, name, ext) => {
    const moved = MOVES.get(`lambdas/data/${name}.ts`);
    return moved ? `${prefix}${moved.replace(/\.ts$/, `.${ext}`)}` : whole;
  });
}

const SELF = 'scripts/data-layer-moves.mjs';
const changes = [];
for (const was of [...before].sort()) {
  if (was === SELF) continue;
  const now = after(was);
  const original = readFileSync(join(ROOT, was), 'utf8');
  let text = original;
  if (/\.(ts|tsx|mjs|cjs|js)$/.test(was)) text = rewriteCode(now, was, text);
  if (was.endsWith('.md')) text = rewriteLinks(now, was, text);
  text = rewritePaths(text);
  if (now !== was || text !== original) changes.push({ was, now, text, edited: text !== original });
}

const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n'));
for (const { was, now, text, edited } of changes) {
  if (CHECK) {
    console.log(`${now !== was ? `move ${was} → ${now}` : `edit ${was}`}${now !== was && edited ? ' (edited)' : ''}`);
    continue;
  }
  if (now !== was) {
    if (existsSync(join(ROOT, now))) throw new Error(`${now} exists already beside ${was}: merge them by hand, then run again.`);
    mkdirSync(dirname(join(ROOT, now)), { recursive: true });
    if (tracked.has(was)) execFileSync('git', ['mv', was, now], { cwd: ROOT });
    else renameSync(join(ROOT, was), join(ROOT, now));
  }
  if (edited) writeFileSync(join(ROOT, now), text);
}
const moved = changes.filter((c) => c.was !== c.now).length;
console.log(`${CHECK ? 'would move' : 'moved'} ${moved} file(s), ${CHECK ? 'would edit' : 'edited'} ${changes.filter((c) => c.edited).length} file(s).`);
if (CHECK && changes.length) process.exitCode = 1;
