import { Amplify } from 'aws-amplify';
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

/** Points Amplify Auth at the user pool; `userPoolEndpoint` is set only for the local emulator. */
export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}

/** Loads the runtime configuration and configures Amplify with it; call once at start-up. */
export async function initialiseRuntime(signal?: AbortSignal): Promise<RuntimeConfig> {
  const config = await loadRuntimeConfig(signal);
  configureAmplify(config);
  current = config;
  return config;
}

/** The configuration loaded at start-up; throws if called before `initialiseRuntime` finished. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error(`Runtime configuration not loaded yet (${CONFIG_PATH}).`);
  return current;
}
