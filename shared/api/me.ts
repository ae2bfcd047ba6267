import { z } from 'zod';
import { ROLES } from '../roles.js';

export const membershipSchema = z.object({
  org_id: z.string(),
  org_name: z.string(),
  client_type: z.enum(['fi', 'pmec']),
  payee_key: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(['pending', 'invited', 'approved', 'rejected', 'removed']),
});
export type Membership = z.infer<typeof membershipSchema>;

export const meResponseSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  approved: z.boolean(),
  memberships: z.array(membershipSchema),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
