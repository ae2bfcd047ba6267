import { Alert, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { type AccessRequestItem, type ExistingOrg } from '@shared/api/admin';
import { ORGANISATION_ROLES, type Role } from '@shared/roles';
import { roleLabel } from '../utils/role-label';

/** What the approver chose for a request whose organisation exists: join it with a role, or reject. */
export type JoinChoice = 'join' | 'reject';

/** The organisation exists: show it with its admins and ask for an explicit choice. */
export function ExistingOrgChoice({
  request,
  org,
  choice,
  onChoice,
  role,
  onRole,
}: {
  request: AccessRequestItem;
  org: ExistingOrg;
  choice: JoinChoice | null;
  onChoice: (choice: JoinChoice) => void;
  role: Role;
  onRole: (role: Role) => void;
}) {
  const roles = ORGANISATION_ROLES[request.client_type];
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconBuilding size={18} aria-hidden />} title="This organisation already exists">
        <Text size="sm">
          <strong>{org.org_name}</strong>
          {org.payee_key && org.payee_key !== org.org_name ? (
            <>
              {' '}
              · payee key <strong>{org.payee_key}</strong>
            </>
          ) : null}
        </Text>
        <Text size="sm">{org.admins.length ? <>Its admins: {org.admins.join(', ')}</> : 'It has no admins.'}</Text>
      </Alert>
      <Radio.Group label={`What should happen to ${request.email}?`} withAsterisk value={choice ?? ''} onChange={(v) => onChoice(v as JoinChoice)}>
        <Stack gap="xs" mt={6}>
          <Radio value="join" label={`Join ${org.org_name} with the role below`} />
          <Radio value="reject" label="Reject this request (a reason is needed)" />
        </Stack>
      </Radio.Group>
      {choice === 'join' && (
        <Select
          label="Role in the organisation"
          data={roles.map((r) => ({ value: r, label: roleLabel(r) }))}
          value={(roles as readonly string[]).includes(role) ? role : null}
          onChange={(v) => v && onRole(v as Role)}
          allowDeselect={false}
        />
      )}
    </Stack>
  );
}

/** A new organisation: its name, required, prefilled from the request (an FI request names only its payee key). */
export function NewOrgName({
  request,
  value,
  onChange,
  error,
}: {
  request: AccessRequestItem;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
}) {
  return (
    <TextInput
      label="Organisation name"
      withAsterisk
      description={
        request.payee_key
          ? `The organisation is created for payee key ${request.payee_key}. Enter its name as people know it, e.g. the bank's name.`
          : 'The organisation is created with this name.'
      }
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      maxLength={200}
      data-autofocus
    />
  );
}
