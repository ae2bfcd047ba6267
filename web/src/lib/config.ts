import { type RuntimeConfig, checkRuntimeConfig } from '@shared/api/runtime-config';

export type { RuntimeConfig };

const CONFIG_PATH = '/config.json';

let current: RuntimeConfig | null = null;

/**
 * Fetches `/config.json` (written by the stack beside the SPA, or served by the local twin),
 * so one build serves every stage.
 */
export async function loadRuntimeConfig(signal?: AbortSignal): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetch(CONFIG_PATH, { cache: 'no-store', headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    throw new Error(`Could not reach ${CONFIG_PATH}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) {
    throw new Error(`Could not load ${CONFIG_PATH} (HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}).`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error(`Invalid response format: ${CONFIG_PATH} is not JSON.`);
  }
  const parsed = checkRuntimeConfig(body);
  if (!parsed.success) {
    throw new Error(`Invalid response format: ${CONFIG_PATH} is missing or has invalid fields (${parsed.fields.join(', ')}).`);
  }
  return parsed.data;
}

/** Loads the runtime configuration; call once at start-up. Amplify is configured with it when it loads (./amplify). */
export async function initialiseRuntime(signal?: AbortSignal): Promise<RuntimeConfig> {
  const config = await loadRuntimeConfig(signal);
  current = config;
  return config;
}

/** The configuration loaded at start-up; throws if called before `initialiseRuntime` finished. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error(`Runtime configuration not loaded yet (${CONFIG_PATH}).`);
  return current;
}
