/**
 * `npm run openapi`: writes the API's contract, generated from the route table, to docs/openapi.json for
 * review in pull requests (the same document GET /api/openapi.json serves). `--check` only compares, and
 * fails when the file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '#shared/openapi/document.js';
import { ROUTES } from '#shared/routes/index.js';

const file = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));
const text = `${JSON.stringify(openApiDocument(ROUTES), null, 2)}\n`;

if (process.argv.includes('--check')) {
  const current = (() => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  })();
  if (current !== text) {
    console.error("docs/openapi.json is not the route table's contract any more: run `npm run openapi` and commit it.");
    process.exit(1);
  }
  console.log('docs/openapi.json is up to date.');
} else {
  writeFileSync(file, text);
  console.log(`Wrote docs/openapi.json (${Object.keys(openApiDocument(ROUTES).paths).length} paths).`);
}
