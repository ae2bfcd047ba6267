/** Reads a required environment variable once; a missing one is a deployment fault, said loudly. */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`Missing environment variable ${name}`);
  return value;
}
