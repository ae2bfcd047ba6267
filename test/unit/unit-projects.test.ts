import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNIT_FILES_REPLACING } from '../../vitest.config.js';

/** Every unit file, relative to the repository's root. */
function unitFiles(dir = 'test/unit'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    return entry.isDirectory() ? unitFiles(file) : file.endsWith('.test.ts') ? [file] : [];
  });
}
/** A call that replaces a module or a global for the rest of the module graph's life. */
const REPLACES = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/;

describe('the unit projects', () => {
  it('run every file that replaces a module or a global in a module graph of its own, and no other', () => {
    // This file names the calls in its examples below, and replaces nothing.
    const replacing = unitFiles().filter((file) => file !== 'test/unit/unit-projects.test.ts' && REPLACES.test(readFileSync(file, 'utf8')));
    expect(replacing.sort()).toEqual([...UNIT_FILES_REPLACING].sort());
  });

  it('notices a replacement', () => {
    expect(REPLACES.test("vi.mock('@/lib/config', () => ({}));")).toBe(true);
    expect(REPLACES.test("vi.stubGlobal('fetch', fetch);")).toBe(true);
    expect(REPLACES.test("vi.spyOn(logger, 'error');")).toBe(false);
  });
});
