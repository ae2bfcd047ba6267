#!/usr/bin/env node
// `npx payroll COMMAND` (package.json bin) and `npm run cli -- COMMAND`: run the bundled CLI, building it first when it is missing or stale.
import { pathToFileURL } from 'node:url';
import { ensureCli } from './build-cli.mjs';

await import(pathToFileURL(await ensureCli()).href);
