import { Group, Radio, TextInput } from '@mantine/core';
import type { ClientType } from '@shared/api/accounts';

export interface OrganisationFieldsProps {
  clientType: ClientType;
  payeeKey: string;
  orgName: string;
  errors: { payeeKey?: string; orgName?: string };
  onClientTypeChange: (value: ClientType) => void;
  onPayeeKeyChange: (value: string) => void;
  onOrgNameChange: (value: string) => void;
  disabled?: boolean;
}

/** Spec part 2 §2 "Sign up": FI asks for the Payee Key / Deduction Code, PMEC for the organisation name. */
export function OrganisationFields(props: OrganisationFieldsProps) {
  const { clientType, disabled } = props;
  return (
    <>
      <Radio.Group label="Organisation type" value={clientType} onChange={(value) => props.onClientTypeChange(value === 'pmec' ? 'pmec' : 'fi')} withAsterisk>
        <Group gap="lg" mt={6}>
          <Radio value="fi" label="FI (financial institution)" disabled={disabled} />
          <Radio value="pmec" label="PMEC" disabled={disabled} />
        </Group>
      </Radio.Group>
      {clientType === 'fi' ? (
        <TextInput
          label="Payee Key / Deduction Code"
          description="The code your institution submits deductions under."
          placeholder="e.g. F123"
          value={props.payeeKey}
          onChange={(event) => props.onPayeeKeyChange(event.currentTarget.value.toUpperCase())}
          error={props.errors.payeeKey}
          autoComplete="off"
          withAsterisk
          disabled={disabled}
        />
      ) : (
        <TextInput
          label="Organisation name"
          placeholder="e.g. Ministry of Finance"
          value={props.orgName}
          onChange={(event) => props.onOrgNameChange(event.currentTarget.value)}
          error={props.errors.orgName}
          autoComplete="organization"
          withAsterisk
          disabled={disabled}
        />
      )}
    </>
  );
}
