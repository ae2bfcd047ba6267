/** The runtime configuration served as /config.json beside the SPA. */
export interface RuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint?: string;
  /** The employees' own user pool and its client (the /employee sign-in). */
  employeePoolId: string;
  employeePoolClientId: string;
  apiUrl: string;
  outboxUrl?: string;
  /** The OAuth2 token endpoint of API clients (`grant_type=client_credentials`, HTTP Basic client authentication). */
  tokenUrl?: string;
}

const REQUIRED = ['region', 'userPoolId', 'userPoolClientId', 'employeePoolId', 'employeePoolClientId', 'apiUrl'] as const;
const OPTIONAL = ['userPoolEndpoint', 'outboxUrl', 'tokenUrl'] as const;

export type RuntimeConfigCheck = { success: true; data: RuntimeConfig } | { success: false; fields: string[] };

/**
 * Checks a parsed /config.json. Without zod, unlike the API's schemas: the SPA checks it before its
 * first screen, which then does not wait for zod (about 14 KB gzipped even as zod/mini).
 */
export function checkRuntimeConfig(body: unknown): RuntimeConfigCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { success: false, fields: ['(root)'] };
  const record = body as Record<string, unknown>;
  const fields = [
    ...REQUIRED.filter((key) => typeof record[key] !== 'string'),
    ...OPTIONAL.filter((key) => record[key] !== undefined && typeof record[key] !== 'string'),
  ];
  if (fields.length > 0) return { success: false, fields };
  const data = Object.fromEntries([...REQUIRED, ...OPTIONAL].filter((key) => record[key] !== undefined).map((key) => [key, record[key]]));
  return { success: true, data: data as unknown as RuntimeConfig };
}
