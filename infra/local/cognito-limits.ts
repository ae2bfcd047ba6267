/**
 * The limits Cognito puts on the public front that cognito-local does not: the sign-in lockout and
 * a cap on code emails. Both key on the name typed (lower-cased: sign-in is case-insensitive), known
 * account or not, so their answers cannot tell which accounts exist. Kept in memory, like Cognito's
 * own counters they are not an audit trail; each map is bounded so made-up names cannot fill it.
 */
const MAX_NAMES = 10_000;
const FREE_FAILURES = 5;
const MAX_LOCK_MS = 15 * 60_000;
/** Cognito forgets a run of failures after 15 minutes without attempts. */
const FORGET_AFTER_MS = 15 * 60_000;
const HOUR_MS = 60 * 60_000;

/** Cognito's lockout: after 5 failures, 1 s, doubling with each further failure, up to 15 minutes. */
export function lockoutMs(failures: number): number {
  return failures < FREE_FAILURES ? 0 : Math.min(2 ** (failures - FREE_FAILURES) * 1000, MAX_LOCK_MS);
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  if (map.size >= MAX_NAMES) map.delete(map.keys().next().value!);
  map.set(key, value);
}

export class SignInLockout {
  private readonly runs = new Map<string, { failures: number; last: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether a sign-in is refused without trying the password ("Password attempts exceeded"). */
  locked(name: string): boolean {
    const run = this.run(name);
    return run !== undefined && this.now() < run.last + lockoutMs(run.failures);
  }

  /** A wrong password, outside a lockout: counts, and may start (or lengthen) the next one. */
  failed(name: string): void {
    const run = this.run(name);
    remember(this.runs, name.toLowerCase(), { failures: (run?.failures ?? 0) + 1, last: this.now() });
  }

  succeeded(name: string): void {
    this.runs.delete(name.toLowerCase());
  }

  private run(name: string) {
    const run = this.runs.get(name.toLowerCase());
    if (run && this.now() > run.last + lockoutMs(run.failures) + FORGET_AFTER_MS) {
      this.runs.delete(name.toLowerCase());
      return undefined;
    }
    return run;
  }
}

/** At most `max` uses an hour per name (reset codes: Cognito answers LimitExceededException beyond). */
export class HourlyLimit {
  private readonly uses = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one use; false (and not counted) once the hour's allowance is spent. */
  take(name: string): boolean {
    const key = name.toLowerCase();
    const recent = (this.uses.get(key) ?? []).filter((at) => at > this.now() - HOUR_MS);
    const allowed = recent.length < this.max;
    remember(this.uses, key, allowed ? [...recent, this.now()] : recent);
    return allowed;
  }
}
