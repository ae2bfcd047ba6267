import { rolesOnly } from '../access.js';

/*
 * What the navigation and the sign-in screen read of mandates, apart from their schemas (./mandates), so
 * that neither loads zod before a screen parses an answer with it.
 */

/** Who claims and lists mandates: a lender's FI admins and data users, in the payee key's organisation. */
export const MANDATE_CLAIMERS = rolesOnly('fi_admin', 'data_user');

/** How the sign-in slides and the upload screen announce that mandates are required. */
export const mandateRequirementText = (month: string) =>
  `From ${month}, every new deduction must cite the employee’s mandate in the MANDATE column: a number and PIN the employee receives by SMS, claimed by the lender on Mandates. A file with a new deduction without one cannot be submitted.`;
