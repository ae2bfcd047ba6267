// `npm test`: every check CI runs, the independent ones side by side. Each stage's lines are printed as
// they come, prefixed with its name; at the end, the end of each failed stage's output in one piece, the
// slowest test files, and each stage's duration and result. Exits 1 when any stage failed.
// The test suites mostly wait (on the twins' emulators, timers, the browser), so they overlap; the
// CPU-bound checks (type check, lint, build) run beside them.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { refreshDurations, slowestFiles } from './test-durations.mjs';
import { fileArguments, plan } from './test-shards.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.test-reports');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
/** A Vitest run whose files' durations land in the reports folder. */
const vitest = (name, ...args) => ({
  cmd: [bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=./scripts/vitest-durations.mjs']],
  env: { TEST_DURATIONS_FILE: path.join(reports, `${name}.durations.json`) },
});

/** Playwright's end-to-end tests, one shard of them (its files): its own twin (global setup), report and artifacts folder. */
const e2e = (shard, files) => ({
  name: `e2e-${shard}`,
  after: ['chromium', 'build'],
  cmd: [bin('playwright'), ['test', '--project', 'chromium', '--output', `test-results/e2e-${shard}`, '--reporter=list,json', ...fileArguments.e2e(files)]],
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, `playwright-${shard}.json`) },
});

/**
 * The stages: `after` names the stages one needs (it is skipped when one of them failed), `follows` those
 * it only waits for. The integration and end-to-end suites each run as shards side by side (three; the
 * TEST_SHARDS variable sets another number), each shard with a twin of its own (its global setup starts one)
 * and its files one after another, as the whole suite ran before. The files are shared out by the time each
 * took when last recorded (scripts/test-shards.mjs, test/durations.json), so the shards end together.
 * The CPU-bound checks run in three lanes beside them from the end of the build (type check then knip; lint,
 * format and imports; unit+infra): one lane after another was the run's longest path on two busy cores.
 */
const SHARDS = Number(process.env.TEST_SHARDS ?? 3);
const shares = plan(root, SHARDS);
const sharded = (suite) => shares[suite].map((shard, i) => ({ shard: i + 1, files: shard.files })).filter((s) => s.files.length);
const STAGES = [
  { name: 'chromium', cmd: [process.execPath, ['scripts/require-chromium.mjs']] },
  { name: 'build', cmd: [bin('vite'), ['build', '--config', 'web/vite.config.ts']] },
  ...sharded('e2e').map(({ shard, files }) => e2e(shard, files)),
  ...sharded('integration').map(({ shard, files }) => ({
    name: `integration-${shard}`,
    ...vitest(`integration-${shard}`, '--project', 'integration', ...fileArguments.integration(files)),
  })),
  { name: 'typecheck', follows: ['build'], cmd: [bin('tsc'), ['-b']] },
  { name: 'knip', follows: ['typecheck'], cmd: [bin('knip'), ['--no-progress']] },
  { name: 'lint', follows: ['build'], cmd: [bin('eslint'), ['.']] },
  { name: 'format', follows: ['lint'], cmd: [bin('prettier'), ['--check', '--log-level', 'warn', '.']] },
  { name: 'imports', follows: ['format'], cmd: [process.execPath, ['scripts/subpath-imports.mjs', '--check']] },
  { name: 'unit+infra', follows: ['build'], ...vitest('unit-infra', '--project', 'unit', '--project', 'unit-replacing', '--project', 'infra') },
];

/** `unshare`'s arguments for a PID namespace of the stage's own, when this machine allows one (root, Linux). */
const REAPER_ARGS = ['--pid', '--fork', '--kill-child', '--mount-proc'];
const REAPER = spawnSync('unshare', [...REAPER_ARGS, 'true'], { stdio: 'ignore' }).status === 0 ? REAPER_ARGS : null;

const width = Math.max(...STAGES.map((s) => s.name.length));
const color = process.stdout.isTTY ? (i, text) => `\x1b[${31 + (i % 6)}m${text}\x1b[0m` : (_i, text) => text;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** Bash's `times`: the shell's user and system time, then its children's; the children's summed, in seconds. */
const cpuSeconds = (text) => {
  const children = text.trim().split('\n')[1] ?? '';
  const values = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, s]) => Number(m) * 60 + Number(s));
  return values.length === 2 ? values[0] + values[1] : undefined;
};
const cpu = (value) => (value === undefined ? 'CPU ?' : `${value.toFixed(1)} s CPU`);

const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    process.exit(130);
  });
}

/** Runs one stage, streaming its lines with its name in front; resolves with its result. */
function run(stage, index) {
  const prefix = color(index, `${stage.name.padEnd(width)} │ `);
  const [cmd, args] = stage.cmd;
  const started = Date.now();
  const lines = [];
  return new Promise((resolve) => {
    // A process group of its own, so that an interrupted run stops the stage's twins and browsers too. Bash
    // runs the command and then writes, on a pipe of its own, the CPU time of everything the stage waited for
    // (`times`): on a machine whose cores are all busy, CPU seconds say what a stage costs; wall time does not.
    // Where it may, bash runs as the first process of a PID namespace of its own (`unshare`): the processes a
    // stage's children leave behind (a browser's renderers outliving it) are then its own to reap, and counted.
    const script = '"$@"; rc=$?; times >&3; exit $rc';
    const [shell, shellArgs] = REAPER ? ['unshare', [...REAPER, 'bash']] : ['bash', []];
    const child = spawn(shell, [...shellArgs, '-c', script, stage.name, cmd, ...args], {
      cwd: root,
      env: { ...process.env, ...stage.env },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    let times = '';
    child.stdio[3].on('data', (chunk) => (times += chunk));
    children.add(child);
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const parts = (rest + chunk.toString()).split(/\r?\n/);
        rest = parts.pop();
        for (const line of parts) {
          lines.push(line);
          process.stdout.write(`${prefix}${line}\n`);
        }
      });
      stream.on('end', () => rest && (lines.push(rest), process.stdout.write(`${prefix}${rest}\n`)));
    }
    child.on('error', (error) => lines.push(String(error)));
    child.on('close', (code) => {
      children.delete(child);
      const result = { stage, ok: code === 0, code, ms: Date.now() - started, cpu: cpuSeconds(times), lines };
      process.stdout.write(`${prefix}${result.ok ? 'passed' : `FAILED (exit ${code})`} in ${seconds(result.ms)} (${cpu(result.cpu)})\n`);
      resolve(result);
    });
  });
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const begun = Date.now();
const results = new Map();
const running = new Map();
const start = (stage) => {
  const waitFor = (names) => names.map((name) => running.get(name) ?? start(STAGES.find((s) => s.name === name)));
  const followed = Promise.all(waitFor((stage.follows ?? []).filter((name) => !only.length || only.includes(name))));
  const needed = Promise.all(waitFor(stage.after ?? []));
  const promise = Promise.all([needed, followed]).then(([before]) => {
    const failed = before.filter((r) => !r.ok).map((r) => r.stage.name);
    if (failed.length) return { stage, ok: false, skipped: `skipped: ${failed.join(', ')} failed`, ms: 0, lines: [] };
    return run(stage, STAGES.indexOf(stage));
  });
  running.set(
    stage.name,
    promise.then((r) => (results.set(stage.name, r), r)),
  );
  return running.get(stage.name);
};
// `npm test -- lint typecheck` runs only the stages named (and those they need); `--refresh-durations`
// rewrites test/durations.json from the run's reports at its end.
const options = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const unknownOptions = options.filter((o) => o !== '--refresh-durations');
if (unknownOptions.length) {
  console.error(`No option ${unknownOptions.join(', ')}: the only option is --refresh-durations.`);
  process.exit(1);
}
const unknown = only.filter((name) => !STAGES.some((s) => s.name === name));
if (unknown.length) {
  console.error(`No stage named ${unknown.join(', ')}: the stages are ${STAGES.map((s) => s.name).join(', ')}.`);
  process.exit(1);
}
const recorded = (suite) => shares[suite].map((s) => `${s.files.length} files ${(s.ms / 1000).toFixed(0)} s`).join(', ');
console.log(`Shards by recorded duration (test/durations.json): e2e ${recorded('e2e')}; integration ${recorded('integration')}.`);
// The Chromium check is instant and its message is the one to read: the rest waits for it.
const chromium = await start(STAGES[0]);
if (chromium.ok) for (const stage of STAGES.slice(1)) if (!running.has(stage.name) && (!only.length || only.includes(stage.name))) start(stage);
await Promise.all(running.values());
const total = Date.now() - begun;

const failed = [...results.values()].filter((r) => !r.ok);
// The end of a failed stage's output holds its summary of what failed; the whole of it is above, prefixed.
const TAIL = 150;
for (const r of failed.filter((f) => !f.skipped)) {
  console.log(`\n━━ ${r.stage.name} failed (exit ${r.code}): the last ${Math.min(TAIL, r.lines.length)} lines of its output ━━`);
  console.log(r.lines.slice(-TAIL).join('\n'));
}

console.log('\nSlowest test files:');
const slow = slowestFiles(reports, root, 10);
for (const f of slow) console.log(`  ${seconds(f.ms).padStart(8)}  ${f.suite.padEnd(11)} ${f.file}`);
if (!slow.length) console.log('  (no test report was written)');

console.log('\nStages (wall time, then CPU time: user + system of the stage and everything it started):');
for (const stage of STAGES) {
  const r = results.get(stage.name);
  if (!r && only.length) continue;
  const state = !r ? 'not run' : (r.skipped ?? (r.ok ? 'passed' : `FAILED (exit ${r.code})`));
  const ran = r && !r.skipped;
  console.log(
    `  ${stage.name.padEnd(width)}  ${ran ? seconds(r.ms).padStart(8) : ''.padStart(8)}  ${ran ? cpu(r.cpu).padStart(12) : ''.padStart(12)}  ${state}`,
  );
}
const cpuTotal = [...results.values()].reduce((sum, r) => sum + (r.cpu ?? 0), 0);
console.log(
  `  ${'total'.padEnd(width)}  ${seconds(total).padStart(8)}  ${cpu(cpuTotal).padStart(12)}  ${failed.length ? `${failed.length} stage(s) failed` : 'all passed'}`,
);
if (existsSync(reports)) console.log(`\nTest reports (JSON): ${path.relative(root, reports)}/`);
if (options.includes('--refresh-durations')) console.log(`Recorded durations: ${refreshDurations(reports, root)} files' times written to test/durations.json.`);
process.exit(failed.length || !chromium.ok ? 1 : 0);
