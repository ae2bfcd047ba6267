import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const LAMBDAS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../lambdas');

/** Imports a handler module once, as a warm Lambda keeps it; the same files the stack bundles. */
export async function loadHandler(modulePath: string): Promise<(...args: unknown[]) => Promise<unknown>> {
  const mod = (await import(pathToFileURL(path.join(LAMBDAS, `${modulePath}.ts`)).href)) as { handler?: unknown };
  if (typeof mod.handler !== 'function') throw new Error(`lambdas/${modulePath}.ts exports no handler`);
  return mod.handler as (...args: unknown[]) => Promise<unknown>;
}
