import { ROLE_LABELS, type Role } from '@shared/roles';

export function roleLabel(role: string): string {
  return ROLE_LABELS[role as Role] ?? role;
}
