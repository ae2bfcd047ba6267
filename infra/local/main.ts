import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TWIN_GAPS } from './gaps.js';
import { isPortFree } from './ports.js';
import { startTwin } from './twin.js';

/** Java 17+ runs DynamoDB Local: its major version, or null when there is no java at all. */
function javaMajorVersion(): number | null {
  const run = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (run.error) return null;
  const m = /version "(\d+)(?:\.(\d+))?/.exec(`${run.stderr}${run.stdout}`);
  if (!m) return 0;
  return m[1] === '1' ? Number(m[2]) : Number(m[1]);
}

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'ready-json': { type: 'boolean', default: false },
      'in-memory': { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port ?? process.env.PORT ?? 3000);
  const dataDir = path.resolve(values['data-dir'] ?? process.env.DATA_DIR ?? '.local');

  const java = javaMajorVersion();
  if (java === null || java < 17) {
    fail('Java 17 or newer is required for DynamoDB Local: install it with `sudo apt-get install -y openjdk-17-jre-headless`, then run `npm start` again.');
  }
  if (!(await isPortFree(port, '127.0.0.1'))) {
    fail(`Port ${port} is already in use: stop what is using it, or choose another port with \`PORT=3100 npm start\`.`);
  }

  const quiet = values['ready-json'];
  const twin = await startTwin({
    port,
    dataDir,
    inMemory: values['in-memory'],
    adminEmail: process.env.ADMIN_EMAIL,
    adminPassword: process.env.ADMIN_PASSWORD,
    log: quiet ? undefined : (line) => console.log(`  · ${line}`),
  });

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    if (!quiet) console.log('\nStopping the local twin…');
    await twin.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  if (quiet) {
    console.log(`TWIN_READY ${JSON.stringify({ url: twin.url, env: twin.env, admin: twin.admin })}`);
    return;
  }
  console.log('');
  console.log(`  Payroll platform running at ${twin.url}`);
  console.log(`  Outbox (emails the platform would send): ${twin.url}/_local/outbox`);
  if (twin.admin.generated) {
    console.log(`  First super_admin: ${twin.admin.email} / ${twin.admin.password}  (kept in ${path.join(dataDir, 'admin.json')})`);
  } else {
    console.log(`  Super admin: ${twin.admin.email} (password in ${path.join(dataDir, 'admin.json')})`);
  }
  console.log('');
  console.log('  What the twin does not emulate (docs/twin.md "What the twin does not emulate"):');
  for (const gap of TWIN_GAPS) console.log(`    - ${gap}`);
  console.log('  Press Ctrl-C to stop.');
}

main().catch((error) => {
  console.error(`The local twin could not start: ${(error as Error).message}`);
  process.exit(1);
});
