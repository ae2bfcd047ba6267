import { Alert, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { DifferenceEmployee, RegisterDifferenceView } from '@shared/api/register';
import type { DifferenceField } from '@shared/rules/register-difference';

const count = (n: number) => n.toLocaleString('en-US');
const pay = (value: number | null) => (value === null ? '—' : `ZMW ${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);

const FIELD_WORDS: Record<DifferenceField, string> = { nrc: 'NRC', employee_number: 'Employee number', name: 'Name', mobile: 'Mobile', basic_pay: 'Basic pay' };
const valueOf = (e: DifferenceEmployee, field: DifferenceField) =>
  field === 'nrc' ? e.nrc : field === 'employee_number' ? e.employee_number : field === 'name' ? e.name : field === 'mobile' ? e.mobile : pay(e.basic_pay);

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={700} data-testid={testId}>
        {count(value)}
      </Text>
    </div>
  );
}

/** "The first 3 of 1,204" above a list that stops short. */
const firstOf = (shown: number, total: number) => (shown < total ? ` (the first ${count(shown)} of ${count(total)})` : '');

function People({ title, rows, total, testId }: { title: string; rows: DifferenceEmployee[]; total: number; testId: string }) {
  if (total === 0) return null;
  return (
    <div>
      <Title order={3} size="h5" mb={6}>
        {title}
        {firstOf(rows.length, total)}
      </Title>
      <ScrollArea type="auto" offsetScrollbars>
        <Table striped withTableBorder fz="xs" miw={560} data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>NRC</Table.Th>
              <Table.Th>Employee number</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Mobile</Table.Th>
              <Table.Th>Basic pay</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((e) => (
              <Table.Tr key={`${e.nrc}-${e.employee_number}`}>
                <Table.Td>{e.nrc}</Table.Td>
                <Table.Td>{e.employee_number}</Table.Td>
                <Table.Td>{e.name}</Table.Td>
                <Table.Td>{e.mobile}</Table.Td>
                <Table.Td>{pay(e.basic_pay)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </div>
  );
}

function Changes({ difference }: { difference: RegisterDifferenceView }) {
  const rows = difference.samples.changed;
  if (difference.changed === 0) return null;
  return (
    <div>
      <Title order={3} size="h5" mb={6}>
        Changed{firstOf(rows.length, difference.changed)}
      </Title>
      <ScrollArea type="auto" offsetScrollbars>
        <Table striped withTableBorder fz="xs" miw={560} data-testid="difference-changed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Employee</Table.Th>
              <Table.Th>What changes</Table.Th>
              <Table.Th>Now</Table.Th>
              <Table.Th>Becomes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.flatMap((row) =>
              row.fields.map((field, index) => (
                <Table.Tr key={`${row.after.nrc}-${field}`}>
                  <Table.Td>{index === 0 ? `${row.after.name} (${row.after.employee_number})` : ''}</Table.Td>
                  <Table.Td>{FIELD_WORDS[field]}</Table.Td>
                  <Table.Td>{row.before ? valueOf(row.before, field) : '—'}</Table.Td>
                  <Table.Td>{valueOf(row.after, field)}</Table.Td>
                </Table.Tr>
              )),
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </div>
  );
}

/**
 * What a register changes on the current one: the counts, a calm warning past 2% removed or given another
 * mobile, and the first rows of each kind (mobiles masked). Shown before Submit and to the approver alike.
 */
export function RegisterDifference({ difference }: { difference: RegisterDifferenceView }) {
  return (
    <Stack gap="md" data-testid="register-difference">
      <Text size="sm">
        {difference.base_version === null
          ? 'No register is current yet: every employee is added.'
          : `Compared with the current register of ${count(difference.current)} employee${difference.current === 1 ? '' : 's'}.`}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Figure label="Added" value={difference.added} testId="difference-added-count" />
        <Figure label="Removed" value={difference.removed} testId="difference-removed-count" />
        <Figure label="Changed" value={difference.changed} testId="difference-changed-count" />
        <Figure label="Mobile changed" value={difference.mobile_changed} testId="difference-mobile-count" />
      </SimpleGrid>
      {difference.warning && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="More than 2% of the current register changes" data-testid="difference-warning">
          {difference.warning}
        </Alert>
      )}
      <People title="Removed" rows={difference.samples.removed} total={difference.removed} testId="difference-removed" />
      <Changes difference={difference} />
      <People title="Added" rows={difference.samples.added} total={difference.added} testId="difference-added" />
    </Stack>
  );
}
