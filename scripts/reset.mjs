// `npm run reset`: wipes the local twin's data (.local/). The next `npm start` begins afresh.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.local');
rmSync(dir, { recursive: true, force: true });
console.log(`Removed ${dir}. The next \`npm start\` creates fresh data and a new first admin.`);
