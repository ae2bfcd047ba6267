// The end-to-end tests drive Debian's Chromium; Playwright cannot download its own browser here.
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium is missing at ${chromium}: install it with \`sudo apt-get install -y chromium\` (as root: \`apt-get install -y chromium\`), then run \`npm test\` again.`,
  );
  process.exit(1);
}
