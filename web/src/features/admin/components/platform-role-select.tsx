import { Select, type SelectProps } from '@mantine/core';
import type { PlatformRole } from '@shared/api/admin';
import { roleLabel } from '../utils/role-label';

/** The platform role to add, where the caller may grant more than one (loaded only there: /admin/users adds SYS_ADMIN alone). */
export default function PlatformRoleSelect({
  roles,
  ...field
}: { roles: readonly PlatformRole[] } & Pick<SelectProps, 'value' | 'onChange' | 'error' | 'onFocus' | 'onBlur'>) {
  return (
    <Select
      label="Platform role"
      placeholder="Select a role"
      data={roles.map((r) => ({ value: r, label: roleLabel(r) }))}
      w={{ base: '100%', sm: 200 }}
      allowDeselect={false}
      {...field}
    />
  );
}
