import { z } from 'zod';

/**
 * PMEC's payroll register: who is employed, under which employee number
 * and NRC, with the mobile their codes go to. Uploaded on /upload as the `register` file kind by PMEC's
 * admins and platform admins; each submitted register replaces the previous one whole.
 */
export const registerResponseSchema = z.object({
  /** YYYY-MM of the current register; null (and 0 employees) before the first is submitted. */
  month: z.string().nullable(),
  employees: z.number(),
  uploaded_at: z.string().nullable(),
  /** The email of who submitted it. */
  uploaded_by: z.string().nullable(),
  /** The upload it was submitted as: the upload screen waits for its own to become current. */
  upload_id: z.string().nullable(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
