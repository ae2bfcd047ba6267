import { Group, Select, Stack, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import type { ActingOrganisation } from '@shared/api/accounts';
import { ROLE_LABELS, type Role } from '@shared/roles';
import classes from './app-layout.module.css';

/** What the platform value of the switcher stands for: a platform admin acting as the platform. */
export const PLATFORM_CHOICE = 'platform';

const KIND_LABELS: Record<ActingOrganisation['client_type'], string> = { fi: 'Lender', pmec: 'PMEC' };

/** "Lender · FI Admin": the organisation's kind and the caller's role in it. */
export const kindAndRole = (org: Pick<ActingOrganisation, 'client_type' | 'role'>) => `${KIND_LABELS[org.client_type]} · ${ROLE_LABELS[org.role]}`;

export interface OrganisationSwitcherProps {
  organisations: readonly ActingOrganisation[];
  /** The organisation acted for, or null (the platform, or none chosen yet). */
  actingOrgId: string | null;
  /** Platform roles held: such a caller may act as the platform. */
  platformRoles: readonly Role[];
  onChoose: (orgId: string | null) => void;
}

/**
 * The organisation the caller acts for, in the header (name, kind and role), for a member of several
 * organisations or a platform admin who is also a member of one. Keyboard: Tab to it, arrows and Enter.
 */
export function OrganisationSwitcher({ organisations, actingOrgId, platformRoles, onChoose }: OrganisationSwitcherProps) {
  const platform = platformRoles.length > 0;
  const data = [
    ...(platform ? [{ value: PLATFORM_CHOICE, label: `Platform · ${platformRoles.map((r) => ROLE_LABELS[r]).join(', ')}` }] : []),
    ...organisations.map((o) => ({ value: o.org_id, label: `${o.org_name} · ${kindAndRole(o)}` })),
  ];
  const value = actingOrgId ?? (platform ? PLATFORM_CHOICE : null);
  const byId = new Map(organisations.map((o) => [o.org_id, o]));
  return (
    <Select
      className={classes.switcher}
      aria-label="Organisation you act for"
      placeholder="Choose the organisation you act for"
      data={data}
      value={value}
      allowDeselect={false}
      checkIconPosition="right"
      leftSection={<IconBuildingBank size={16} aria-hidden />}
      comboboxProps={{ withinPortal: true, width: 'target', position: 'bottom-end', shadow: 'md' }}
      onChange={(next) => next && onChoose(next === PLATFORM_CHOICE ? null : next)}
      renderOption={({ option }) => {
        const org = byId.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {org ? org.org_name : 'Platform'}
            </Text>
            <Group gap={4}>
              <Text size="xs" c="dimmed">
                {org ? kindAndRole(org) : option.label.replace(/^Platform · /, '')}
              </Text>
            </Group>
          </Stack>
        );
      }}
      data-testid="organisation-switcher"
    />
  );
}
