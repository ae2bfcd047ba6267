// `npm run build:cli`: bundles the CLI (cli/bin.ts) into cli/dist/cli.mjs with esbuild, as the Lambda is
// bundled, when the bundle is missing or older than any file it was built from (listed in cli/dist/cli.inputs.json)
// or than this script. `npm run cli` (scripts/cli.mjs) calls ensureCli() first, so a fresh clone just works.
// Plain Node: no TypeScript is compiled when the CLI runs.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'cli', 'dist');
export const CLI_BUNDLE = path.join(dist, 'cli.mjs');
const INPUTS = path.join(dist, 'cli.inputs.json');

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : Infinity);

function isFresh() {
  if (!existsSync(CLI_BUNDLE) || !existsSync(INPUTS)) return false;
  const built = statSync(CLI_BUNDLE).mtimeMs;
  const inputs = [fileURLToPath(import.meta.url), ...JSON.parse(readFileSync(INPUTS, 'utf8')).map((file) => path.join(root, file))];
  return inputs.every((file) => mtime(file) <= built);
}

/** Writes a file whole or not at all, so a CLI started meanwhile never reads half a bundle. */
function writeAtomically(file, contents) {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, file);
}

export async function buildCli() {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(root, 'cli', 'bin.ts')],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: CLI_BUNDLE,
    write: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  mkdirSync(dist, { recursive: true });
  writeAtomically(INPUTS, JSON.stringify(Object.keys(result.metafile.inputs), null, 1));
  writeAtomically(CLI_BUNDLE, result.outputFiles[0].contents);
}

/** Builds the bundle when it is missing or stale; returns its path. */
export async function ensureCli() {
  if (!isFresh()) await buildCli();
  return CLI_BUNDLE;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await ensureCli();
