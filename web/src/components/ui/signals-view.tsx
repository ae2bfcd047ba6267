import { Accordion, Alert, Badge, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCount } from '@/lib/format';
import { routeQuery } from '@/lib/queries';
import { SIGNAL_LABELS, SIGNAL_PAGE_SIZE, type SignalCountsView } from '@shared/api/signals';
import { getUploadSignals } from '@shared/routes/submissions';
import { attentionCount, needsAttention, noSignalsText, SIGNAL_MESSAGES, SIGNAL_TYPES, type Signal, type SignalType } from '@shared/rules/signals';
import { ErrorAlert } from './error-alert';

/**
 * The deduction signals of one upload, for the upload screen and the /reviews drawer: the
 * counts as badges, then one section per type with its signals, SIGNAL_PAGE_SIZE a page (the first page
 * comes with the upload; the others from GET /api/uploads/{id}/signals).
 */
export interface SignalsViewProps {
  uploadId: string;
  payeeKey: string;
  counts: SignalCountsView;
  baseline: { month: string; found: boolean } | null;
  /** The first page of each type, as the upload carries them; without it every page is fetched. */
  head?: readonly Signal[];
  /** Mandates are required for the file's month: a missing one blocks, so NO_MANDATE shows red; else orange. */
  mandatesRequired?: boolean;
}

const COUNT_OF: Record<SignalType, Exclude<keyof SignalCountsView, 'joined'>> = {
  NEW: 'new',
  CHANGED: 'changed',
  MISSING: 'missing',
  IDENTITY: 'identity',
  EXPOSURE: 'exposure',
  STOPPAGE_UNKNOWN: 'stoppage_unknown',
  DISPUTED: 'disputed',
  NOT_ON_PAYROLL: 'not_on_payroll',
  AFFORDABILITY: 'affordability',
  NO_MANDATE: 'no_mandate',
  LEFT_SERVICE: 'left_service',
};
/**
 * Red for what needs a person's eye (needsAttention), except a missing mandate, red only when mandates are
 * required for the file's month (else orange: it never blocks); the month's changes are information.
 */
const colorOf = (type: SignalType, mandatesRequired: boolean) => {
  if (type === 'NO_MANDATE') return mandatesRequired ? 'red' : 'orange';
  if (needsAttention(type)) return 'red';
  return type === 'MISSING' || type === 'STOPPAGE_UNKNOWN' ? 'orange' : 'blue';
};

function SignalTable({ signals }: { signals: readonly Signal[] }) {
  return (
    <Table.ScrollContainer minWidth={520} mah={360}>
      <Table fz="sm" verticalSpacing={4} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>Row</Table.Th>
            <Table.Th w={150}>NRC</Table.Th>
            <Table.Th>Signal</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {signals.map((signal, index) => (
            <Table.Tr key={`${signal.row}-${index}`}>
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{signal.row ?? '—'}</Table.Td>
              <Table.Td ff="monospace">{signal.nrc ?? signal.employee_no ?? '—'}</Table.Td>
              <Table.Td>
                {signal.message}
                {signal.on_record && (
                  <Text size="xs" c="dimmed" data-testid="signal-on-record">
                    {signal.on_record}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SignalSection({ uploadId, type, total, head }: { uploadId: string; type: SignalType; total: number; head: readonly Signal[] | undefined }) {
  const [page, setPage] = useState(1);
  const pages = Math.ceil(total / SIGNAL_PAGE_SIZE);
  const offset = (page - 1) * SIGNAL_PAGE_SIZE;
  const later = useQuery({
    ...routeQuery(getUploadSignals, { params: { id: uploadId }, query: { type, offset: String(offset) } }),
    enabled: page > 1 || !head,
    staleTime: Infinity,
  });
  const fetched = page > 1 || !head;
  const shown = fetched ? (later.data?.signals ?? []) : head;
  return (
    <Stack gap="xs">
      {later.isError ? (
        <ErrorAlert error={later.error} />
      ) : fetched && later.isPending ? (
        <Loader size="sm" aria-label="Loading signals" />
      ) : (
        <SignalTable signals={shown} />
      )}
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="xs" c="dimmed">{`${formatCount(offset + 1)}–${formatCount(Math.min(offset + SIGNAL_PAGE_SIZE, total))} of ${formatCount(total)}`}</Text>
          <Pagination size="sm" total={pages} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />
        </Group>
      )}
    </Stack>
  );
}

export function SignalsView({ uploadId, payeeKey, counts, baseline, head, mandatesRequired = false }: SignalsViewProps) {
  const listed = SIGNAL_TYPES.filter((type) => counts[COUNT_OF[type]] > 0);
  // A section's signals are read when it is first opened, not all at once.
  const [open, setOpen] = useState<string[]>(listed.slice(0, 1));
  return (
    <Stack gap="md" data-testid="signals-view">
      <Group gap={6} aria-label="Signal counts" role="group">
        {SIGNAL_TYPES.map((type) => {
          const n = counts[COUNT_OF[type]];
          return (
            <Badge
              key={type}
              color={n ? colorOf(type, mandatesRequired) : 'gray'}
              variant={n ? 'light' : 'outline'}
              radius="sm"
              tt="none"
              data-testid={`signal-count-${type}`}
            >
              {`${SIGNAL_LABELS[type]}: ${formatCount(n)}`}
            </Badge>
          );
        })}
        <Badge
          color="gray"
          variant="outline"
          radius="sm"
          tt="none"
          data-testid="signal-count-CONTINUING"
        >{`Continuing: ${formatCount(counts.continuing)}`}</Badge>
      </Group>
      {attentionCount(counts) > 0 && (
        <Text
          size="sm"
          fw={600}
          c="red.8"
          data-testid="signals-to-check"
        >{`${formatCount(attentionCount(counts))} to check: ${attentionCount(counts) === 1 ? 'a signal needs' : 'signals need'} a person's eye before this file goes on.`}</Text>
      )}
      {(counts.joined ?? 0) > 0 && (
        <Text
          size="sm"
          data-testid="signals-joined"
        >{`${formatCount(counts.joined ?? 0)} ${counts.joined === 1 ? 'borrower' : 'borrowers'} without an NRC joined to the payroll record by employee number: their deductions count with the rest of that employee's.`}</Text>
      )}
      {baseline && !baseline.found && (
        <Alert color="blue" variant="light" title="No previous month to compare with">
          {SIGNAL_MESSAGES.noPrevious(payeeKey, baseline.month)}
        </Alert>
      )}
      {listed.length === 0 ? (
        <Text size="sm" c="dimmed">
          {noSignalsText(baseline)}
        </Text>
      ) : (
        <Accordion multiple variant="separated" value={open} onChange={setOpen}>
          {listed.map((type) => (
            <Accordion.Item key={type} value={type} data-testid={`signals-${type}`}>
              <Accordion.Control>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {SIGNAL_LABELS[type]}
                  </Text>
                  <Badge color={colorOf(type, mandatesRequired)} variant="light" radius="sm">
                    {formatCount(counts[COUNT_OF[type]])}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {open.includes(type) && (
                  <SignalSection uploadId={uploadId} type={type} total={counts[COUNT_OF[type]]} head={head?.filter((s) => s.type === type)} />
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
