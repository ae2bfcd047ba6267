import { Alert, Button, Drawer, Group, List, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '@/components/ui/error-alert';
import { SignalsView } from '@/components/ui/signals-view';
import { formatCount, formatDateTime, formatMonth, kindLabel } from '@/lib/format';
import { routeQuery } from '@/lib/queries';
import { ingestionMessage, type SubmissionResponse } from '@shared/api/submissions';
import { getSubmission } from '@shared/routes/submissions';
import { useOpenFile } from '../api/submissions';
import { StatusBadge } from './status-badge';

/** The steps a submission went through, oldest first, each with when and by whom. */
function statusSteps(s: SubmissionResponse): { label: string; at: string; by: string | null }[] {
  const steps = [{ label: 'Submitted', at: s.created_at, by: s.submitted_by_email }];
  if (s.reviewed_at) steps.push({ label: s.status === 'rejected' ? 'Rejected' : 'Compliance approved', at: s.reviewed_at, by: s.reviewed_by_email });
  if (s.assigned_at) steps.push({ label: `Assigned to ${s.assigned_to_email ?? 'a PMEC admin'}`, at: s.assigned_at, by: null });
  if (s.completed_at) steps.push({ label: 'Completed', at: s.completed_at, by: s.completed_by_email });
  return steps;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Stack>
  );
}

function Detail({ submission }: { submission: SubmissionResponse }) {
  const openFile = useOpenFile();
  const counts = submission.counts;
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="wrap">
        <StatusBadge status={submission.status} />
        <Text size="sm" c="dimmed">
          {`${submission.org_name ?? submission.payee_key} · ${kindLabel(submission.doc_kind)} · ${formatMonth(submission.upload_month, 'short')} · ${submission.file_name}`}
        </Text>
      </Group>
      {submission.status === 'rejected' && (
        <Alert color="red" variant="light" title="Reason for rejection" data-testid="detail-reason">
          {submission.decision_reason || 'No reason was recorded.'}
        </Alert>
      )}
      <Stack gap={6}>
        <Title order={3} size="h5">
          Status history
        </Title>
        <List spacing={4} size="sm" data-testid="detail-history">
          {statusSteps(submission).map((step) => (
            <List.Item key={step.label}>{`${step.label} · ${formatDateTime(step.at)}${step.by ? ` · ${step.by}` : ''}`}</List.Item>
          ))}
        </List>
      </Stack>
      <Stack gap={6}>
        <Title order={3} size="h5">
          Rows
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="detail-counts">
          <Figure label="In the file" value={formatCount(submission.row_count)} />
          <Figure label="Inserted" value={counts ? formatCount(counts.inserted) : '—'} />
          <Figure label="Updated" value={counts ? formatCount(counts.updated) : '—'} />
          <Figure label="Skipped" value={counts ? formatCount(counts.skipped) : '—'} />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {counts
            ? ingestionMessage(counts)
            : submission.ingestion.status === 'failed'
              ? (submission.ingestion.message ?? 'Ingestion failed.')
              : 'The rows are being added to borrower history.'}
        </Text>
      </Stack>
      <Group>
        <Button
          variant="default"
          leftSection={openFile.isPending ? <Loader size={14} /> : <IconDownload size={16} aria-hidden />}
          onClick={() => openFile.mutate(submission.id)}
          disabled={openFile.isPending}
        >
          Download file
        </Button>
      </Group>
      {openFile.error ? <ErrorAlert error={openFile.error} title="The file could not be opened." /> : null}
      {submission.signal_counts && (
        <Stack gap={6}>
          <Title order={3} size="h5">
            Signals
          </Title>
          <SignalsView uploadId={submission.id} payeeKey={submission.payee_key} counts={submission.signal_counts} baseline={submission.signal_baseline} />
        </Stack>
      )}
    </Stack>
  );
}

/** One submission as /reports?id=… opens it (the rejection email's link): status history, reason, counts, signals, its file. */
export function SubmissionDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const query = useQuery({ ...routeQuery(getSubmission, { params: { id: id ?? '' } }), enabled: id !== null });
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={<Text fw={600}>Submission</Text>}
      closeButtonProps={{ 'aria-label': 'Close submission' }}
    >
      <div data-testid="submission-detail">
        {query.error ? <ErrorAlert error={query.error} title="This submission could not be opened." /> : null}
        {query.isPending && !query.error ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text c="dimmed">Loading the submission…</Text>
          </Group>
        ) : null}
        {query.data && <Detail submission={query.data} />}
      </div>
    </Drawer>
  );
}
