import type { MemberItem } from '#data/directory/memberships.js';
import type { TeamMember } from '#shared/api/team.js';

/** A membership as the team screen shows it. */
export function teamMemberView(m: MemberItem): TeamMember {
  return {
    id: m.user_id,
    user_id: m.user_id,
    email: m.email,
    role: m.role,
    status: m.status,
    approved: m.status === 'approved',
    created_at: m.created_at,
    decided_at: m.decided_at,
  };
}
