// The end-to-end tests drive Debian's Chromium headless shell; Playwright cannot download its own browser here.
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
if (!existsSync(chromium)) {
  console.error(
    `Chromium's headless shell is missing at ${chromium}: install it with \`sudo apt-get install -y chromium-headless-shell\` (as root: \`apt-get install -y chromium-headless-shell\`), then run \`npm test\` again.`,
  );
  process.exit(1);
}
