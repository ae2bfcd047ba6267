import type { AuthenticatedCaller } from '#http/caller.js';
import { isAllowedIn, REVIEWERS } from '#shared/access.js';
import type { Signal } from '#shared/rules/signals.js';

/**
 * Whether the caller sees the other side of a submission's signals (Signal.on_record: the payroll
 * register's values, other lenders' records): a reviewer who oversees it from outside the lender, that is
 * PMEC's reviewers and platform admins (`rolesIn` with oversight, no organisation of the lender's own).
 * The lender's own members, its compliance officers too, see only that something differs.
 */
export const seesOtherSide = (me: AuthenticatedCaller, submitted: boolean): boolean => submitted && isAllowedIn(REVIEWERS, me, null, { oversight: true });

/** The signals as the lender sees them: the other side's values left out. */
export const lenderView = (signals: readonly Signal[]): Signal[] => signals.map(({ on_record: _withheld, ...shown }) => shown);

/** The signals as this caller may see them. */
export const signalsFor = (me: AuthenticatedCaller, submitted: boolean, signals: readonly Signal[]): Signal[] =>
  seesOtherSide(me, submitted) ? [...signals] : lenderView(signals);
