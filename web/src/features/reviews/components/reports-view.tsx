import { Anchor, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { formatCount, formatDateTime, formatMonth, kindLabel } from '@/lib/format';
import { REPORTS_LIMIT } from '@shared/api/reviews';
import { useReports } from '../api/submissions';
import { LateBadge, StatusBadge } from './status-badge';
import { SubmissionDetail } from './submission-detail';
import { SubmissionsPanel } from './submissions-panel';

/**
 * Spec part 2 §2 "Reports" (/reports): Created, Status, Payee Key, Month, Bucket, Kind, File Key, Rows;
 * Refresh; the newest 200. Organisation admins see their organisation's, platform admins everyone's.
 * A rejection's reason is beside its status; `?id=` (the decision email's link) opens that submission's detail.
 */
export function ReportsView({ title, platform }: { title: string; platform: boolean }) {
  const reports = useReports();
  const items = reports.data?.items ?? [];
  const [params, setParams] = useSearchParams();
  const openId = params.get('id');
  const open = (id: string | null) => setParams(id ? { id } : {});
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description={`${platform ? 'Every organisation’s submissions' : 'Your organisation’s submissions'} and where each stands in review, newest first (up to ${REPORTS_LIMIT}).`}
        actions={
          <Button
            variant="default"
            leftSection={reports.isFetching ? <Loader size={14} /> : <IconRefresh size={16} aria-hidden />}
            onClick={() => void reports.refetch()}
            disabled={reports.isFetching}
          >
            {reports.isRefetching ? 'Refreshing…' : 'Refresh'}
          </Button>
        }
      />
      <SubmissionsPanel loading={reports.isPending} error={reports.error} empty={items.length === 0} emptyTestId="reports-empty">
        <Table.ScrollContainer minWidth={1040}>
          <Table striped highlightOnHover verticalSpacing="sm" fz="sm" data-testid="reports-table">
            <Table.Thead>
              <Table.Tr>
                {['Created', 'Status', 'Payee Key', 'Month', 'Bucket', 'Kind', 'File Key'].map((h) => (
                  <Table.Th key={h} style={{ whiteSpace: 'nowrap' }}>
                    {h}
                  </Table.Th>
                ))}
                <Table.Th ta="right">Rows</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id} data-testid="report-row" data-id={item.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => open(item.id)}
                      aria-label={`Open the submission of ${formatDateTime(item.created_at)}`}
                    >
                      {formatDateTime(item.created_at)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <StatusBadge status={item.status} />
                      {item.late && <LateBadge />}
                    </Group>
                    {item.status === 'rejected' && item.decision_reason && (
                      <Text size="xs" c="red.8" mt={4} maw={260} data-testid="report-reason">{`Reason: ${item.decision_reason}`}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text span ff="monospace" size="sm">
                      {item.payee_key}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMonth(item.upload_month, 'short')}</Table.Td>
                  <Table.Td>{item.bucket}</Table.Td>
                  <Table.Td>{kindLabel(item.doc_kind)}</Table.Td>
                  {/* Breaks at the key's slashes rather than inside a name. */}
                  <Table.Td>
                    <Text span ff="monospace" size="xs">
                      {item.file_key.replaceAll('/', '/\u200B')}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatCount(item.row_count)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </SubmissionsPanel>
      <SubmissionDetail id={openId} onClose={() => open(null)} />
      {items.length > 0 && (
        <Text size="sm" c="dimmed">
          {items.length >= REPORTS_LIMIT
            ? `Showing the newest ${REPORTS_LIMIT} submissions.`
            : `${formatCount(items.length)} submission${items.length === 1 ? '' : 's'}.`}
        </Text>
      )}
    </Stack>
  );
}
