import { Alert, Card, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCalendarMonth, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatMonth } from '@/lib/format';
import type { Statement } from '@shared/api/remittances';
import { currentMonth } from '@shared/rules/dates';
import { useRemittances } from '../api/remittances';
import { ReceiptModal } from './receipt-modal';
import { ResolveModal } from './resolve-modal';
import { differenceLine } from './statement-words';
import { StatementsTable } from './statements-table';

/** /remittances: the month's statements, their files, what arrived, and differences until resolved with a note. */
export function RemittancesView() {
  const [month, setMonth] = useState(currentMonth());
  const [recording, setRecording] = useState<Statement | null>(null);
  const [resolving, setResolving] = useState<Statement | null>(null);
  const statements = useRemittances(month);
  const done = (message: string) => notifications.show({ color: 'green', message });
  const download = async (statement: Statement, kind: 'pdf' | 'csv') => {
    // The links live a minute: fresh ones at the moment of the click.
    const fresh = await statements.refetch();
    const current = fresh.data?.items.find((item) => item.statement_number === statement.statement_number);
    if (current) window.location.assign(kind === 'pdf' ? current.pdf_url : current.csv_url);
  };
  const open = statements.data?.items.filter((item) => item.received?.state === 'difference') ?? [];

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <MonthPickerInput
          label="Month"
          value={`${month}-01`}
          onChange={(value) => value && setMonth(String(value).slice(0, 7))}
          maxDate={`${currentMonth()}-01`}
          valueFormat="MMMM YYYY"
          previousLabel="Previous year"
          nextLabel="Next year"
          leftSection={<IconCalendarMonth size={16} aria-hidden />}
        />
      </SimpleGrid>
      {statements.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the month’s statements" />
        </Center>
      ) : statements.isError ? (
        <ErrorAlert error={statements.error} />
      ) : statements.data.items.length === 0 ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title={`No remittance statements for ${formatMonth(month)}`}>
          Statements appear once the payroll authority submits what the payroll applied for the month, one for each lender on it.
        </Alert>
      ) : (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="statements-title">
          <Stack gap="md">
            <Title order={2} size="h3" id="statements-title">
              {`Statements for ${formatMonth(month)}`}
            </Title>
            {open.length > 0 && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Differences to resolve">
                <Stack gap={4}>
                  {open.map((item) => (
                    <Text size="sm" key={item.statement_number}>{`${item.statement_number}: ${differenceLine(item)}.`}</Text>
                  ))}
                </Stack>
              </Alert>
            )}
            <StatementsTable
              statements={statements.data.items}
              onDownload={(s, kind) => void download(s, kind)}
              onRecord={setRecording}
              onResolve={setResolving}
            />
          </Stack>
        </Card>
      )}
      <ReceiptModal statement={recording} onClose={() => setRecording(null)} onRecorded={done} />
      <ResolveModal statement={resolving} onClose={() => setResolving(null)} onResolved={done} />
    </Stack>
  );
}
