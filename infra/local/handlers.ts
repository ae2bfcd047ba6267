import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const LAMBDAS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../lambdas');

type Handler = (...args: unknown[]) => Promise<unknown>;
const loaded = new Map<string, Promise<Handler>>();

async function importHandler(modulePath: string): Promise<Handler> {
  const mod = (await import(pathToFileURL(path.join(LAMBDAS, `${modulePath}.ts`)).href)) as { handler?: unknown };
  if (typeof mod.handler !== 'function') throw new Error(`lambdas/${modulePath}.ts exports no handler`);
  return mod.handler as Handler;
}

/**
 * A handler module imported once, as a warm Lambda keeps it; the same files the stack bundles. Held here
 * rather than imported again per request: each dynamic import, even of a module already loaded, asks
 * the TypeScript loader's thread to resolve it again (measured: about a tenth of the gateway's CPU).
 */
export function loadHandler(modulePath: string): Promise<Handler> {
  let handler = loaded.get(modulePath);
  if (!handler) {
    handler = importHandler(modulePath);
    // A module that failed to load is tried again on the next request.
    handler.catch(() => loaded.delete(modulePath));
    loaded.set(modulePath, handler);
  }
  return handler;
}
