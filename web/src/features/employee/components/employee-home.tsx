import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BRAND_NAME } from '@/components/ui/brand';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatMonth } from '@/lib/format';
import { useEmployeeMe } from '../api/employee';
import { PORTAL_NAV } from '../portal-nav';

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

/**
 * The portal's home: the greeting, what matters first (`children`: this month's deductions and what needs
 * the employee's eye, from the portal's screens), a link to every screen, then who the payroll record says
 * they are and where their code went.
 */
export function EmployeeHome({ children }: { children?: ReactNode }) {
  useDocumentTitle(`Your payroll record · ${BRAND_NAME}`);
  const me = useEmployeeMe();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {me.data ? `Hello, ${me.data.first_name}` : 'Your payroll record'}
      </Title>
      {children}
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="home-screens-title" data-testid="home-screens">
        <Title order={2} size="h4" id="home-screens-title" mb="xs">
          Everything in your portal
        </Title>
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {PORTAL_NAV.slice(1).map((entry) => (
            <li key={entry.to}>
              <Anchor component={Link} to={entry.to} fw={600} size="sm">
                {entry.label}
              </Anchor>
              <Text size="xs" c="dimmed">
                {entry.hint}
              </Text>
            </li>
          ))}
        </Stack>
      </Card>
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
