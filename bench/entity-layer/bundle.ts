import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** The history ingestion Lambda: the chunks' rows into borrower history and summaries (infra/definitions.ts 'ingest-chunk'). */
const HANDLER = 'lambdas/events/ingest-chunk.ts';

/**
 * The history ingestion function bundled as the stack bundles it (infra/constructs/app-function.ts: CJS,
 * node22, minified, the SDK inside), alone or with one entity layer kept in: its bytes and gzipped bytes.
 */
export async function bundleSize(layer?: string): Promise<{ bytes: number; gzip: number }> {
  const lines = [`export * from './${HANDLER}';`, ...(layer ? [`export * from './bench/entity-layer/${layer}.ts';`] : [])];
  const out = await build({
    stdin: { contents: lines.join('\n'), resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const code = out.outputFiles[0]!.contents;
  return { bytes: code.length, gzip: gzipSync(code).length };
}
