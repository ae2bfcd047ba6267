import { Anchor, Badge, Button, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/errors';
import { formatDate, formatMonth, formatTime } from '@/lib/format';
import type { FraudReportItem } from '@shared/api/fraud';
import { downloadReportPdf } from '../utils/report-pdf';
import { disputedLine, reportStatusLine } from '../utils/report-words';
import { WithdrawModal } from './withdraw-modal';

const COLUMNS = ['Created', 'Status', 'FI', 'Type', 'NRC', 'Person', 'Payee', 'Month', 'Description', 'Attachments', 'Actions'] as const;

function PdfButton({ item }: { item: FraudReportItem }) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadReportPdf(item)
      .catch((error: unknown) => notifications.show({ color: 'red', title: 'The PDF could not be made', message: errorMessage(error) }))
      .finally(() => setBusy(false));
  };
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconFileTypePdf size={14} aria-hidden />}
      onClick={download}
      loading={busy}
      aria-label={`PDF of the report on ${item.nrc}`}
    >
      PDF
    </Button>
  );
}

/** Status badges are short words: shown whole, never cut to "Act…". */
const NO_TRUNCATION = { style: { maxWidth: 'none' }, styles: { label: { overflow: 'visible' } } } as const;

/** An upheld dispute of the reporting lender's deduction puts this report in doubt. */
function DisputedBadge({ item }: { item: FraudReportItem }) {
  if (!item.disputed) return null;
  return (
    <Badge
      color="orange"
      variant="light"
      tt="none"
      title={disputedLine(item.disputed.at)}
      data-testid="report-disputed"
      style={NO_TRUNCATION.style}
      styles={NO_TRUNCATION.styles}
    >
      Disputed
    </Badge>
  );
}

/** Only an active report flags; a withdrawn or expired one says when and why. Withdraw sits with the status it changes. */
function StatusCell({ item, onWithdraw }: { item: FraudReportItem; onWithdraw: () => void }) {
  if (item.status === 'active') {
    return (
      <Stack gap={4} align="flex-start" miw={96}>
        <Badge color="green" variant="light" tt="none" style={NO_TRUNCATION.style} styles={NO_TRUNCATION.styles}>
          Active
        </Badge>
        <DisputedBadge item={item} />
        {item.can_withdraw && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            leftSection={<IconArrowBackUp size={14} aria-hidden />}
            onClick={onWithdraw}
            aria-label={`Withdraw the report on ${item.nrc}`}
          >
            Withdraw
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={2} miw={120} maw={160}>
      <Badge
        color="gray"
        variant="light"
        tt="none"
        style={{ maxWidth: 'none', alignSelf: 'flex-start' }}
        styles={{ label: { overflow: 'visible' } }}
        data-testid="report-status"
      >
        {item.status === 'withdrawn' ? 'Withdrawn' : 'Expired'}
      </Badge>
      <DisputedBadge item={item} />
      <Text size="xs" c="dimmed" lineClamp={3} title={reportStatusLine(item)}>
        {reportStatusLine(item).replace(/^\w+ /, '')}
      </Text>
    </Stack>
  );
}

/** Spec §2: the results table; the description clamped to 3 lines (its full text on hover and in the PDF). */
export function ResultsTable({ items }: { items: readonly FraudReportItem[] }) {
  const [withdrawing, setWithdrawing] = useState<FraudReportItem | null>(null);
  return (
    <>
      <WithdrawModal item={withdrawing} onClose={() => setWithdrawing(null)} />
      <Table.ScrollContainer minWidth={1040}>
        <Table striped highlightOnHover verticalSpacing="sm" fz="sm" data-testid="fraud-results">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} scope="col" style={{ whiteSpace: 'nowrap' }}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id} data-testid="fraud-result" data-status={item.status}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDate(item.created_at)}</Text>
                  <Text size="xs" c="dimmed">
                    {formatTime(item.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusCell item={item} onWithdraw={() => setWithdrawing(item)} />
                </Table.Td>
                <Table.Td>{item.fi_name}</Table.Td>
                <Table.Td>{item.type}</Table.Td>
                <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {item.nrc}
                </Table.Td>
                <Table.Td>{item.person_name}</Table.Td>
                <Table.Td>{item.payee_key}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMonth(item.report_month, 'short')}</Table.Td>
                <Table.Td maw={230}>
                  {item.description ? (
                    <Text size="sm" lineClamp={3} title={item.description}>
                      {item.description}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td maw={170}>
                  {item.files.length ? (
                    <Stack gap={2}>
                      {item.files.map((file) => (
                        <Anchor key={file.path} href={file.url} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {file.name}
                        </Anchor>
                      ))}
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      None
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <PdfButton item={item} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
