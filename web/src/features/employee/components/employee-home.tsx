import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatMonth } from '@/lib/format';
import { useEmployeeMe } from '../api/employee';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" fw={600} component="dd" m={0}>
        {value}
      </Text>
    </Group>
  );
}

/** The portal's home: who the payroll record says the employee is, and where their code went. */
export function EmployeeHome() {
  useDocumentTitle(`Your payroll record · ${BRAND_NAME}`);
  const me = useEmployeeMe();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {me.data ? `Hello, ${me.data.first_name}` : 'Your payroll record'}
      </Title>
      {me.error && <ErrorAlert error={me.error} />}
      {me.data?.left_payroll && (
        <Card withBorder radius="md" padding="md" bg="yellow.0" data-testid="left-payroll">
          <Text size="sm">
            {`You are no longer on the payroll: PMEC’s record has not listed you since ${formatMonth(me.data.left_payroll.since)}. Until the end of ${formatMonth(me.data.left_payroll.until)} you can still sign in here, with codes sent to the mobile your last payroll record gave, to see your past 12 months’ deductions and report one.`}
          </Text>
        </Card>
      )}
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Your details on the payroll
          </Title>
          {me.data ? (
            <Stack gap={8} component="dl" m={0}>
              <Detail label="Name" value={`${me.data.first_name} ${me.data.last_name}`} />
              <Detail label="NRC" value={me.data.nrc} />
              <Detail label="Employee number" value={me.data.employee_number} />
              <Detail label="Mobile for codes" value={me.data.mobile_masked} />
            </Stack>
          ) : (
            !me.error && <Skeleton height={96} aria-label="Loading your details" />
          )}
          <Text size="xs" c="dimmed">
            These come from PMEC’s payroll record. If something is wrong, ask your ministry’s human resources office to correct it.
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
