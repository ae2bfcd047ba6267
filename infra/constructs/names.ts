/** `get-me` → `GetMe`, `uploads` → `Uploads`: construct ids from route, trigger and store keys. */
export function pascalCase(id: string): string {
  return id.replace(/(^|[-_])([a-z0-9])/g, (_match, _sep, c: string) => c.toUpperCase());
}
