import { Alert, Button, Card, Group, Input, PinInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconKey } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatZmw } from '@/lib/format';
import { claimMandateRequestSchema, type MandateView } from '@shared/api/mandates';
import { useClaimMandate } from '../api/lender-mandates';

/** The terms a claim gave back: what the lender may deduct, from whom, until when. */
function ClaimedTerms({ mandate, message }: { mandate: MandateView; message: string }) {
  return (
    <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title={message} role="status" data-testid="claimed-terms">
      <Table variant="vertical" withRowBorders={false} verticalSpacing={2} maw={460} aria-label="The mandate's terms">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={160}>Mandate</Table.Th>
            <Table.Td>{mandate.number}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>NRC</Table.Th>
            <Table.Td>{mandate.nrc}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Payee key</Table.Th>
            <Table.Td>
              {mandate.payee_key} ({mandate.org_name})
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Most a month</Table.Th>
            <Table.Td>{formatZmw(mandate.max_monthly)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Last month</Table.Th>
            <Table.Td>{mandate.last_month}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Alert>
  );
}

/** Claim a mandate with the number and the PIN the employee passed on; the terms are shown back. */
export function ClaimForm() {
  const [number, setNumber] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ mandate_number?: string; pin?: string }>({});
  const claim = useClaimMandate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = claimMandateRequestSchema.safeParse({ mandate_number: number, pin });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    claim.mutate(parsed.data, { onSuccess: () => setPin('') });
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="claim-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="claim-title">
            Claim a mandate
          </Title>
          <Text size="sm" c="dimmed">
            The employee gives you the mandate number and reads you the 6-digit PIN we texted them. Three wrong PINs lock the mandate.
          </Text>
        </Stack>
        <form onSubmit={submit} noValidate aria-label="Claim a mandate">
          <Group align="flex-start" gap="md">
            <TextInput
              label="Mandate number"
              placeholder="MD-XXXX-XXXX"
              value={number}
              onChange={(e) => setNumber(e.currentTarget.value.toUpperCase())}
              error={errors.mandate_number}
              w={220}
              autoComplete="off"
            />
            <Input.Wrapper label="PIN" error={errors.pin} id="mandate-pin">
              <PinInput
                id="mandate-pin"
                length={6}
                type="number"
                mask
                value={pin}
                onChange={setPin}
                error={Boolean(errors.pin)}
                aria-label="PIN"
                oneTimeCode={false}
              />
            </Input.Wrapper>
            <Button type="submit" mt={25} leftSection={<IconKey size={16} aria-hidden />} loading={claim.isPending}>
              Claim
            </Button>
          </Group>
        </form>
        {claim.isError && <ErrorAlert error={claim.error} title="Not claimed" />}
        {claim.isSuccess && <ClaimedTerms mandate={claim.data.mandate} message={claim.data.message} />}
      </Stack>
    </Card>
  );
}
