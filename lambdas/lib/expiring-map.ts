/**
 * What a warm function remembers between requests: entries that expire, in a map of bounded size that is
 * cleared whole when full (cheaper than tracking age; a cold start forgets everything anyway).
 */
export class ExpiringMap<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();

  constructor(private readonly max: number) {}

  /** The value while it has not expired (`until` in ms since the epoch), else undefined. */
  get(key: K, now = Date.now()): V | undefined {
    const hit = this.entries.get(key);
    return hit && hit.until > now ? hit.value : undefined;
  }

  set(key: K, value: V, until: number): void {
    if (this.entries.size >= this.max && !this.entries.has(key)) this.entries.clear();
    this.entries.set(key, { value, until });
  }
}
