import { startTestTwin } from '../support/twin-process.js';

/** Starts a twin of its own for the browser tests; its URL becomes the tests' baseURL. */
export default async function globalSetup() {
  const twin = await startTestTwin();
  process.env.E2E_BASE_URL = twin.url;
  process.env.E2E_TWIN = JSON.stringify({ url: twin.url, env: twin.env, admin: twin.admin });
  return async () => {
    await twin.stop();
  };
}
