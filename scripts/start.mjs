// `npm start`: installs missing dependencies, builds the SPA when it is missing or stale, then
// runs the local twin in the foreground. Plain Node on purpose: it runs before node_modules exists.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status === 0;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');
if (!existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs)) {
  console.log('Installing dependencies (npm install)…');
  if (!run('npm', ['install', '--no-audit', '--no-fund'])) {
    console.error('npm install failed: check your network access to the npm registry, then run `npm start` again.');
    process.exit(1);
  }
}

const index = path.join(root, 'web', 'dist', 'index.html');
const sources = Math.max(newestMtime(path.join(root, 'web')), newestMtime(path.join(root, 'shared')));
if (!dev && (!existsSync(index) || statSync(index).mtimeMs < sources)) {
  console.log('Building the web app…');
  if (!run('npm', ['run', 'build:web', '--silent'])) process.exit(1);
}

const twin = spawn(process.execPath, ['--openssl-legacy-provider', '--import', 'tsx', 'infra/local/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  // Node 20 is what these machines have; Lambda runs nodejs22.x. The SDK's notice says so on every start.
  env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...process.env },
});
const children = [twin];
if (dev) {
  const port = Number(process.env.PORT ?? 3000);
  children.push(
    spawn(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), '--config', 'web/vite.config.ts', '--port', String(port + 1)], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, TWIN_URL: `http://127.0.0.1:${port}` },
    }),
  );
}
// Ctrl-C reaches every child through the terminal's process group; forward other signals too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => children.forEach((c) => c.kill(signal)));
}
twin.on('exit', (code) => {
  children.forEach((c) => c !== twin && c.kill('SIGTERM'));
  process.exit(code ?? 0);
});
