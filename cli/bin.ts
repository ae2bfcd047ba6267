/** The CLI's entry point, bundled to cli/dist/cli.mjs by scripts/build-cli.mjs (`npm run cli` builds it when stale). */
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2));
