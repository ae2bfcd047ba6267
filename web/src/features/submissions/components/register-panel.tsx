import { Card, Group, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatCount, formatDateTime } from '@/lib/format';
import { useCurrentRegister } from '../api/register';
import { Figure } from './figure';

/**
 * The payroll register in force, beside the form while a register is chosen: the month, how many
 * employees, who proposed it and when it was approved. A register proposed here replaces it whole once approved and stored.
 */
export function CurrentRegisterPanel() {
  const register = useCurrentRegister(true);
  return (
    <Card withBorder padding="lg" component="section" aria-label="Current payroll register">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Current payroll register
        </Title>
        {register.isFetching && <Loader size="xs" aria-label="Loading the register" />}
      </Group>
      {register.error ? (
        <ErrorAlert error={register.error} />
      ) : !register.data ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : register.data.month === null ? (
        <Text size="sm" c="dimmed" data-testid="register-none">
          No register has been submitted yet. Until one is, lenders' files are not compared with the payroll.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Figure label="Month" value={register.data.month} testId="register-month" />
          <Figure label="Employees" value={formatCount(register.data.employees)} testId="register-employees" />
          <Figure label="Approved" value={register.data.uploaded_at ? formatDateTime(register.data.uploaded_at) : '—'} testId="register-uploaded-at" />
          <Figure label="Proposed by" value={register.data.uploaded_by ?? '—'} testId="register-uploaded-by" />
        </SimpleGrid>
      )}
    </Card>
  );
}
