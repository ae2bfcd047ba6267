import { Alert, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCount, formatZmw } from '@/lib/format';
import type { DifferenceEmployee, RegisterDifferenceView } from '@shared/api/register';
import type { DifferenceField } from '@shared/rules/register-difference';
import { Figure } from './figure';

const FIELD_WORDS: Record<DifferenceField, string> = { nrc: 'NRC', employee_number: 'Employee number', name: 'Name', mobile: 'Mobile', basic_pay: 'Basic pay' };
const valueOf = (e: DifferenceEmployee, field: DifferenceField) =>
  field === 'nrc'
    ? e.nrc
    : field === 'employee_number'
      ? e.employee_number
      : field === 'name'
        ? e.name
        : field === 'mobile'
          ? e.mobile
          : formatZmw(e.basic_pay);

/** "The first 3 of 1,204" above a list that stops short. */
const firstOf = (shown: number, total: number) => (shown < total ? ` (the first ${formatCount(shown)} of ${formatCount(total)})` : '');

/** A titled table of a difference's first rows, scrolling inside itself on a narrow screen. */
function SampleTable({
  title,
  shown,
  total,
  testId,
  head,
  children,
}: {
  title: string;
  shown: number;
  total: number;
  testId: string;
  head: string[];
  children: ReactNode;
}) {
  if (total === 0) return null;
  return (
    <div>
      <Title order={3} size="h5" mb={6}>
        {title}
        {firstOf(shown, total)}
      </Title>
      <ScrollArea type="auto" offsetScrollbars>
        <Table striped withTableBorder fz="xs" miw={560} data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {head.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </ScrollArea>
    </div>
  );
}

function People({ title, rows, total, testId }: { title: string; rows: DifferenceEmployee[]; total: number; testId: string }) {
  return (
    <SampleTable title={title} shown={rows.length} total={total} testId={testId} head={['NRC', 'Employee number', 'Name', 'Mobile', 'Basic pay']}>
      {rows.map((e) => (
        <Table.Tr key={`${e.nrc}-${e.employee_number}`}>
          <Table.Td>{e.nrc}</Table.Td>
          <Table.Td>{e.employee_number}</Table.Td>
          <Table.Td>{e.name}</Table.Td>
          <Table.Td>{e.mobile}</Table.Td>
          <Table.Td>{formatZmw(e.basic_pay)}</Table.Td>
        </Table.Tr>
      ))}
    </SampleTable>
  );
}

function Changes({ difference }: { difference: RegisterDifferenceView }) {
  const rows = difference.samples.changed;
  return (
    <SampleTable
      title="Changed"
      shown={rows.length}
      total={difference.changed}
      testId="difference-changed"
      head={['Employee', 'What changes', 'Now', 'Becomes']}
    >
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
    </SampleTable>
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
          : `Compared with the current register of ${formatCount(difference.current)} employee${difference.current === 1 ? '' : 's'}.`}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Figure large label="Added" value={formatCount(difference.added)} testId="difference-added-count" />
        <Figure large label="Removed" value={formatCount(difference.removed)} testId="difference-removed-count" />
        <Figure large label="Changed" value={formatCount(difference.changed)} testId="difference-changed-count" />
        <Figure large label="Mobile changed" value={formatCount(difference.mobile_changed)} testId="difference-mobile-count" />
      </SimpleGrid>
      {difference.warning && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="More than 2% of the current register changes"
          data-testid="difference-warning"
        >
          {difference.warning}
        </Alert>
      )}
      <People title="Removed" rows={difference.samples.removed} total={difference.removed} testId="difference-removed" />
      <Changes difference={difference} />
      <People title="Added" rows={difference.samples.added} total={difference.added} testId="difference-added" />
    </Stack>
  );
}
