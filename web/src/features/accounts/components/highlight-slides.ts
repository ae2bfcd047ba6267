import { IconCalendarEvent, IconFileCertificate, IconRoute, IconSearch, IconShieldExclamation, type Icon } from '@tabler/icons-react';
import { mandateRequirementText } from '@shared/api/mandate-words';

export interface HighlightSlide {
  title: string;
  text: string;
  icon: Icon;
}

/** The four sign-in slides (spec part 1 §1, part 2 §1). */
export const HIGHLIGHT_SLIDES: readonly HighlightSlide[] = [
  {
    title: 'Monthly submissions, on schedule',
    text: 'Financial institutions and PMEC submit inputs and stoppages as XLSX files in the submission window: the 1st to the 5th of each month.',
    icon: IconCalendarEvent,
  },
  {
    title: 'One clear review workflow',
    text: 'Every submission moves FI → Compliance → PMEC, so each deduction is checked before it reaches the payroll.',
    icon: IconRoute,
  },
  {
    title: 'Borrower history by NRC',
    text: 'Look up a borrower’s recent deductions by NRC to combat over-indebtedness before new lending is approved.',
    icon: IconSearch,
  },
  {
    title: 'Fraud and scam registry',
    text: 'Report fraud with evidence and check NRCs against the shared fraud and scam registry, so a scam seen by one lender is known to all.',
    icon: IconShieldExclamation,
  },
];

/** The slide announcing that mandates are required from a month, shown while the setting is set. */
export const mandateSlide = (month: string): HighlightSlide => ({
  title: `Mandates required from ${month}`,
  text: mandateRequirementText(month),
  icon: IconFileCertificate,
});

/** Spec part 2 §9: the carousel advances every 5000 ms. */
export const SLIDE_INTERVAL_MS = 5000;
