import 'vitest';
import type { TestProject } from 'vitest/node';
import { startTestTwin } from '../support/twin-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    twin: { url: string; env: Record<string, string>; admin: { email: string; password: string } };
  }
}

export default async function setup(project: TestProject) {
  const twin = await startTestTwin();
  project.provide('twin', { url: twin.url, env: twin.env, admin: twin.admin });
  return () => twin.stop();
}
