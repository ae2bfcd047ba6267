import { MANDATE_STATE_LABELS, type MandateView } from '@shared/api/mandates';

/** A monthly limit as the screens show it: ZMW 1,234.50. */
export const formatLimit = (amount: number) => `ZMW ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A mandate's state in words, a locked one said so. */
export const stateLabel = (m: Pick<MandateView, 'state' | 'locked'>) => (m.locked && m.state === 'issued' ? 'Locked' : MANDATE_STATE_LABELS[m.state]);

export const STATE_COLORS: Record<string, string> = { Issued: 'blue', Claimed: 'teal', Used: 'green', Revoked: 'gray', Expired: 'gray', Locked: 'red' };
