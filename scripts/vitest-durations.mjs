// A Vitest reporter for `npm test` (scripts/test.mjs): writes each test file's time, from its
// environment's setup and imports to its last hook, to the JSON file named by TEST_DURATIONS_FILE.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export default class DurationsReporter {
  onTestRunEnd(testModules) {
    const target = process.env.TEST_DURATIONS_FILE;
    if (!target) return;
    const files = testModules.map((module) => {
      const d = module.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return { suite: module.project.name, file: path.relative(process.cwd(), module.moduleId), ms: Math.round(ms) };
    });
    writeFileSync(target, JSON.stringify(files, null, 1));
  }
}
