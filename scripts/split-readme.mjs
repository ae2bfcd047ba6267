#!/usr/bin/env node
// Moves the sections of the README as it was written until 2026-11-27 (one long file) into docs/, by the
// table SECTIONS below: each heading of that README names the file its text goes to, unchanged but for the
// heading's level and the links in LINKS. Each Decisions entry becomes a file of docs/decisions/ (NNNN-<slug>.md).
//
//   node scripts/split-readme.mjs OLD_README --out DIR   write the split files under DIR (README.md = the kept sections)
//   node scripts/split-readme.mjs --merge BRANCH            after `git merge BRANCH` left README.md in conflict and
//                                                           `git checkout --ours README.md`: move what BRANCH added to its
//                                                           README since the merge base into docs/ (three-way, file by file)
//
// A heading the table does not name stops the script: add it to SECTIONS and run it again.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Old heading (its start) → the file it moves to, and that file's title. README.md: kept in the README. */
const SECTIONS = [
  ['# Payroll Deductions Platform', 'README.md'],
  ['## Quick start', 'README.md'],
  ['### Requirements', 'README.md'],
  ['## What the platform is', 'README.md'],
  ['## How it works', 'docs/architecture.md'],
  ['### The local twin', 'docs/twin.md'],
  ['### What the twin does not emulate', 'docs/twin.md'],
  ['## The code, layer by layer', 'docs/architecture.md'],
  ['### The payroll register', 'docs/features/register.md'],
  ['### Follow one request', 'docs/architecture.md'],
  ['### Adding a route', 'README.md'],
  ['## Testing', 'docs/testing.md'],
  ['### Benchmarks', 'docs/benchmarks.md'],
  ['## Capacity model', 'docs/capacity.md'],
  ['## Deploying to AWS', 'docs/deploying.md'],
  ['### Email notifications', 'docs/features/notifications.md'],
  ["### Employees' sign-in", 'docs/features/employee-sign-in.md'],
  ["### The employee portal's content", 'docs/features/portal.md'],
  ['### Security posture', 'docs/security.md'],
  ['### LocalStack instead of the twin', 'docs/twin.md'],
  ['## Project layout', 'README.md'],
  ['## Decisions', 'docs/decisions/'],
];

const TITLES = {
  'docs/architecture.md': 'Architecture: how it works, layer by layer, one request followed',
  'docs/twin.md': 'The local twin',
  'docs/features/register.md': 'The payroll register (PMEC)',
  'docs/testing.md': 'Testing',
  'docs/benchmarks.md': 'Benchmarks',
  'docs/capacity.md': 'Capacity model',
  'docs/deploying.md': 'Deploying to AWS',
  'docs/features/notifications.md': 'Email notifications',
  'docs/features/employee-sign-in.md': "Employees' sign-in",
  'docs/features/portal.md': "The employee portal's content",
  'docs/security.md': 'Security posture',
};

/** Links and pointers that moving breaks, as [file, from, to]. */
const LINKS = [
  ['docs/deploying.md', '[Decisions](#decisions)', '[Decisions](decisions/README.md)'],
  ['docs/deploying.md', '[Email notifications](#email-notifications)', '[Email notifications](features/notifications.md)'],
  ['docs/benchmarks.md', 'see "Capacity model")', 'see [Capacity model](capacity.md))'],
  ['docs/benchmarks.md', 'see Decisions)', 'see [Decisions](decisions/README.md))'],
  ['docs/deploying.md', '(see Decisions)', '(see [Decisions](decisions/README.md))'],
  ['docs/testing.md', 'see Decisions)', 'see [Decisions](decisions/README.md))'],
  ['docs/features/employee-sign-in.md', '(see "The payroll register", Changed mobiles)', '(see [The payroll register](register.md), Changed mobiles)'],
  ['docs/features/portal.md', '(see "Validation is a lookup" in Decisions)', '(see [Validation is a lookup](../decisions/0063-validation-is-a-lookup.md))'],
  ['docs/security.md', 'DESIGN.md §8', 'docs/deploying.md, "Versions"'],
  ['docs/decisions/', 'DESIGN.md suggests', 'The design notes the project started from (not in this repository) suggest'],
];

const CONTEXT = /\b(used to|before this|was|were|asked|the spec|spec's|suggests?|let anyone|lets anyone|lacks|has no|measured)\b/i;
const CONSEQUENCE = /\b(that gives|the price|price|the risk|risks?|costs?|meanwhile|left to|the next issue|trade|at the expense)\b/i;

/** Splits an old-form README into { path → text }. */
function splitReadme(text) {
  const out = new Map();
  const add = (path, chunk) => out.set(path, (out.get(path) ?? '') + chunk);
  const lines = text.split('\n');
  let target = null;
  let chunk = [];
  const flush = () => {
    if (target === null) return;
    if (target === 'docs/decisions/') {
      for (const [path, body] of decisionFiles(chunk.slice(1).join('\n'))) out.set(path, body);
    } else if (target === 'README.md') {
      add(target, `${chunk.join('\n').replace(/\n+$/, '')}\n\n`);
    } else {
      const body = chunk
        .join('\n')
        .replace(/^#{2,3} /, '## ')
        .replace(/\n+$/, '');
      add(target, `${out.has(target) ? '' : `# ${TITLES[target]}\n\n`}${body}\n\n`);
    }
  };
  let fence = false;
  for (const line of lines) {
    if (line.startsWith('```')) fence = !fence;
    const heading = !fence && /^#{1,3} /.test(line);
    if (heading) {
      const entry = SECTIONS.find(([start]) => line.startsWith(start));
      if (!entry) throw new Error(`No place for the section "${line}": add it to SECTIONS in scripts/split-readme.mjs.`);
      flush();
      target = entry[1];
      chunk = [line];
    } else {
      chunk.push(line);
    }
  }
  flush();
  for (const [path, text] of out) {
    let next = text.replace(/\n+$/, '\n');
    for (const [file, from, to] of LINKS) if (path.startsWith(file)) next = next.split(from).join(to);
    out.set(path, next);
  }
  return out;
}

/** `**Title.**` → a file name's slug. */
function slugOf(title) {
  return title
    .replace(/[*`'’]/g, '')
    .toLowerCase()
    .replace(/\([^)]*\)/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .split('-')
    .filter(Boolean)
    .slice(0, 8)
    .join('-');
}

/** Sentences of one paragraph, never split inside parentheses, quotes or code. */
function sentences(paragraph) {
  const result = [];
  let depth = 0;
  let code = false;
  let start = 0;
  for (let i = 0; i < paragraph.length; i += 1) {
    const c = paragraph[i];
    if (c === '`') code = !code;
    if (code) continue;
    if (c === '(') depth += 1;
    if (c === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && /[.!?]/.test(c) && paragraph[i + 1] === ' ' && /[A-Z`"(*']/.test(paragraph[i + 2] ?? '')) {
      result.push(paragraph.slice(start, i + 1).trim());
      start = i + 2;
    }
  }
  if (paragraph.slice(start).trim()) result.push(paragraph.slice(start).trim());
  return result;
}

/** One Decisions entry → context, decision, consequences: its own sentences, in their order, never reworded. */
function decisionRecord(entry, number) {
  const lines = entry.split('\n');
  const nested = lines.findIndex((line, i) => i > 0 && /^ {2}- /.test(line));
  const ends = nested === -1 ? -1 : lines.findIndex((line, i) => i > nested && !/^ {2}- | {4}/.test(line));
  const join = (part) => part.map((line) => line.replace(/^(- | {2})/, '')).join(' ');
  const prose = join(nested === -1 ? lines : lines.slice(0, nested));
  const list = nested === -1 ? [] : lines.slice(nested, ends === -1 ? undefined : ends).map((line) => line.replace(/^ {2}/, ''));
  const after = ends === -1 ? [] : sentences(join(lines.slice(ends)));
  const title = (/^\*\*(.+?)\*\*/.exec(prose)?.[1] ?? prose.slice(0, 60)).replace(/[.:]$/, '');
  const bold = /^\*\*.+?\*\*[.:]?/.exec(prose)?.[0] ?? '';
  let [first, ...rest] = bold ? [bold, ...sentences(prose.slice(bold.length).trim())] : sentences(prose);
  if (bold && rest.length && /^[^A-Z`"'*]/.test(rest[0])) first = `${first} ${rest.shift()}`;
  // The sentence introducing a list stays with it.
  const intro = list.length && rest.length && rest[rest.length - 1].endsWith(':') ? [rest.pop()] : [];
  const context = [];
  const decision = [first];
  const decisionAfter = [];
  const consequences = [];
  const sort = (sentence, into) => {
    if (/^So\b/.test(sentence)) into.push(sentence);
    else if (CONSEQUENCE.test(sentence)) consequences.push(sentence);
    else if (CONTEXT.test(sentence)) context.push(sentence);
    else into.push(sentence);
  };
  for (const sentence of rest) sort(sentence, decision);
  for (const sentence of after) sort(sentence, decisionAfter);
  const listed = list.length ? `\n\n${[...intro, ...list].join('\n')}` : '';
  const closing = decisionAfter.length ? `\n\n${decisionAfter.join('\n')}` : '';
  const n = String(number).padStart(4, '0');
  const section = (name, items) => `## ${name}\n\n${items.length ? items.join('\n') : 'Nothing beyond the decision itself was recorded.'}\n`;
  const body = [
    `# ${n}. ${title.replace(/`/g, '')}\n`,
    section('Context', context),
    `## Decision\n\n${decision.join('\n')}${listed}${closing}\n`,
    section('Consequences', consequences),
  ].join('\n');
  return { file: `${n}-${slugOf(title)}.md`, title: title.replace(/`/g, ''), body };
}

function decisionFiles(section) {
  const entries = [];
  for (const line of section.split('\n')) {
    if (line.startsWith('- ')) entries.push(line);
    else if (line.trim() && entries.length) entries[entries.length - 1] += `\n${line}`;
  }
  return entries.map((entry, i) => {
    const { file, body } = decisionRecord(entry, i + 1);
    return [`docs/decisions/${file}`, body];
  });
}

/** docs/decisions/README.md from the files present. */
function decisionsIndex(dir) {
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}-.*\.md$/.test(f))
    .sort();
  const rows = files.map((f) => {
    const title = readFileSync(join(dir, f), 'utf8')
      .split('\n')[0]
      .replace(/^# \d{4}\. /, '');
    return `- [${f.slice(0, 4)}. ${title}](${f})`;
  });
  return [
    '# Decisions',
    '',
    'One file per choice the issues left open, numbered in the order the README\'s old "Decisions" list held them.',
    "Each keeps the entry's own words, sorted by `scripts/split-readme.mjs` into context (sentences giving a reason),",
    'decision and consequences (sentences naming a price, a risk or what is left for later).',
    'A new decision: the next number, the same three sections, a line here.',
    '',
    ...rows,
    '',
  ].join('\n');
}

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function writeSplit(files, root) {
  for (const [path, text] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

function merge(branch) {
  const base = git('merge-base', 'HEAD', branch).trim();
  const splitAt = (rev) => splitReadme(git('show', `${rev}:README.md`));
  const before = splitAt(base);
  const after = splitAt(branch);
  const work = mkdtempSync(join(tmpdir(), 'split-readme-'));
  const existing = existsSync('docs/decisions') ? readdirSync('docs/decisions') : [];
  let next = Math.max(0, ...existing.map((f) => Number(f.slice(0, 4)) || 0)) + 1;
  const conflicts = [];
  for (const [path, theirsText] of after) {
    let theirs = theirsText;
    let ours = path;
    let baseText = before.get(path) ?? '';
    if (path.startsWith('docs/decisions/')) {
      const slug = path.slice('docs/decisions/0000-'.length);
      const baseEntry = [...before].find(([p]) => p.endsWith(`-${slug}`));
      baseText = baseEntry ? baseEntry[1] : '';
      const found = existing.find((f) => f.endsWith(`-${slug}`));
      const number = found ? found.slice(0, 4) : String(next++).padStart(4, '0');
      ours = `docs/decisions/${found ?? `${number}-${slug}`}`;
      theirs = theirs.replace(/^# \d{4}\./, `# ${number}.`);
      baseText = baseText.replace(/^# \d{4}\./, `# ${number}.`);
    }
    if (baseText === theirs) continue;
    const files = ['ours', 'base', 'theirs'].map((name) => join(work, `${name}-${ours.replace(/\//g, '_')}`));
    writeFileSync(files[0], existsSync(ours) ? readFileSync(ours, 'utf8') : '');
    writeFileSync(files[1], baseText);
    writeFileSync(files[2], theirs);
    let merged;
    try {
      const labels = ['-L', ours, '-L', `${ours} at the merge base`, '-L', `${ours} as ${branch} has it`];
      merged = execFileSync('git', ['merge-file', '-p', ...labels, ...files], { encoding: 'utf8' });
    } catch (error) {
      merged = error.stdout;
      conflicts.push(ours);
    }
    mkdirSync(dirname(ours), { recursive: true });
    writeFileSync(ours, merged);
    console.log(`${ours}: ${branch}'s change moved`);
  }
  for (const [path, baseText] of before) {
    if (after.has(path) || !path.startsWith('docs/decisions/')) continue;
    const slug = path.slice('docs/decisions/0000-'.length);
    const found = existing.find((f) => f.endsWith(`-${slug}`));
    if (!found || [...after.keys()].some((p) => p.endsWith(`-${slug}`))) continue;
    const ours = `docs/decisions/${found}`;
    if (readFileSync(ours, 'utf8') === baseText.replace(/^# \d{4}\./, `# ${found.slice(0, 4)}.`)) {
      unlinkSync(ours);
      console.log(`${ours}: ${branch} removed this entry`);
    } else conflicts.push(`${ours} (removed by ${branch}, changed here)`);
  }
  writeFileSync('docs/decisions/README.md', decisionsIndex('docs/decisions'));
  if (conflicts.length) console.log(`Conflicts to resolve by hand: ${conflicts.join(', ')}`);
}

const [, , first, second, third] = process.argv;
if (first === '--merge' && second) merge(second);
else if (first && second === '--out' && third) {
  const files = splitReadme(readFileSync(first, 'utf8'));
  writeSplit(files, third);
  if (existsSync(join(third, 'docs/decisions'))) {
    writeFileSync(join(third, 'docs/decisions/README.md'), decisionsIndex(join(third, 'docs/decisions')));
  }
  for (const path of files.keys()) console.log(path);
} else if (first) {
  console.error('Usage: node scripts/split-readme.mjs OLD_README --out DIR | --merge BRANCH');
  process.exit(1);
}
