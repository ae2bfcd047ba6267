import { Alert, Select, Skeleton, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconBuildingCommunity } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useSignedInUser } from '@/lib/authorization';
import { routeQuery } from '@/lib/queries';
import { useSettings } from '@/lib/settings';
import { useFormSync } from '@/lib/use-form-sync';
import { PAYROLL_AUTHORITY_MESSAGES, type PayrollAuthority } from '@shared/api/settings';
import { listPmecOrganisations } from '@shared/routes/settings';
import { useUpdateSettings } from '../api/settings';
import { SettingCard } from './setting-card';

/** The select's options: each organisation by name, a name two share told apart by the start of its id. */
function options(organisations: readonly PayrollAuthority[]) {
  const count = new Map<string, number>();
  for (const org of organisations) count.set(org.org_name, (count.get(org.org_name) ?? 0) + 1);
  return organisations.map((org) => ({
    value: org.org_id,
    label: (count.get(org.org_name) ?? 0) > 1 ? `${org.org_name} (${org.org_id.slice(0, 8)})` : org.org_name,
  }));
}

/** At the top of /admin while no payroll authority is designated: what it blocks and where to designate it. */
export function PayrollAuthorityNotice() {
  const settings = useSettings();
  if (!settings.data || settings.data.payroll_authority) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="status" data-testid="payroll-authority-notice">
      {PAYROLL_AUTHORITY_MESSAGES.unset} A super admin designates it under Platform settings, below.
    </Alert>
  );
}

/**
 * The payroll authority: the one PMEC organisation whose PMEC admins upload and submit the payroll register.
 * A super admin designates it from the approved PMEC organisations; other platform admins read it here.
 */
export function PayrollAuthoritySettings() {
  const { me } = useSignedInUser();
  const designates = me.roles.includes('super_admin');
  const settings = useSettings();
  const organisations = useQuery({ ...routeQuery(listPmecOrganisations), enabled: designates });
  const update = useUpdateSettings();
  const current = settings.data?.payroll_authority ?? null;
  const currentId = current?.org_id ?? null;
  const [choice, setChoice] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  useFormSync({ setValues: setChoice }, currentId || undefined);

  const save = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    setMissing(!choice);
    if (!choice) return;
    update.mutate(
      { payroll_authority: { org_id: choice } },
      {
        onSuccess: (saved) =>
          notifications.show({ color: 'green', message: PAYROLL_AUTHORITY_MESSAGES.saved(saved.payroll_authority?.org_name ?? 'The organisation') }),
      },
    );
  };
  return (
    <SettingCard
      name="payroll_authority"
      title="Payroll authority"
      description="The one PMEC organisation whose PMEC admins upload and submit the payroll register; platform admins and other PMEC organisations cannot. A change is emailed to every platform admin and to the admins of both organisations."
      defaults="Not designated yet."
      saveLabel="Save payroll authority"
      onSubmit={save}
      update={update}
      readOnly={designates ? undefined : 'Only a super admin changes it.'}
    >
      {current ? (
        <Text size="sm" data-testid="payroll-authority">
          <IconBuildingCommunity size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
          The payroll authority is <strong>{current.org_name}</strong>.
        </Text>
      ) : (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="status" py={8} data-testid="payroll-authority-unset">
          {PAYROLL_AUTHORITY_MESSAGES.unset}
        </Alert>
      )}
      {designates && organisations.isError && <ErrorAlert error={organisations.error} title="The PMEC organisations could not be loaded" />}
      {designates &&
        (organisations.isPending ? (
          <Skeleton h={60} />
        ) : (
          <Select
            label="PMEC organisation"
            description="Approved PMEC organisations only."
            placeholder="Choose an organisation"
            data={options(organisations.data?.items ?? [])}
            value={choice}
            onChange={(value) => {
              setChoice(value);
              setMissing(false);
            }}
            searchable
            nothingFoundMessage="No approved PMEC organisation has this name."
            error={missing ? PAYROLL_AUTHORITY_MESSAGES.choose : undefined}
            allowDeselect={false}
          />
        ))}
    </SettingCard>
  );
}
