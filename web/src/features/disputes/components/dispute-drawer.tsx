import { Anchor, Divider, Drawer, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatDateTime } from '@/lib/format';
import { DISPUTE_STATUS_LABELS, type DisputeView } from '@shared/api/disputes';
import { organisationLabel } from '@shared/rules/display-name';
import { useDispute } from '../api/disputes';
import { AddEvidence, DecideForm, RespondForm } from './dispute-actions';
import { DisputeBadge, NotApprovedBadge } from './dispute-badge';

function Part({ title, by, children }: { title: string; by?: { email: string; at: string }; children: ReactNode }) {
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {by && <Text size="xs" c="dimmed">{`${by.email} · ${formatDateTime(by.at)}`}</Text>}
      {children}
    </Stack>
  );
}

const prose = (text: string) => (
  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
    {text}
  </Text>
);

function DisputeDetail({ d }: { d: DisputeView }) {
  return (
    <Stack gap="md">
      <Group gap="sm">
        <DisputeBadge status={d.status} />
        {d.not_approved && <NotApprovedBadge />}
        <Text size="sm">{`${d.nrc} · ${organisationLabel(d.org_name, d.payee_key)} · ${d.month}`}</Text>
      </Group>
      <Part title="Reported" by={d.opened_by === 'employee' ? { email: 'Opened by the employee in the portal', at: d.opened.at } : d.opened}>
        {prose(d.reason)}
      </Part>
      <Part title="Lender’s response" by={d.response ?? undefined}>
        {d.response ? (
          prose(d.response.message)
        ) : (
          <Text size="sm" c="dimmed">
            No response yet.
          </Text>
        )}
      </Part>
      {d.decision && (
        <Part title={`Decision: ${DISPUTE_STATUS_LABELS[d.decision.decision]}`} by={d.decision}>
          {prose(d.decision.note)}
        </Part>
      )}
      <Part title="Evidence">
        {d.evidence?.length ? (
          <List size="sm" spacing={4}>
            {d.evidence.map((e, i) => (
              <List.Item key={i}>
                {e.url ? (
                  <Anchor href={e.url} target="_blank" rel="noreferrer">
                    {e.name}
                  </Anchor>
                ) : (
                  <Text span size="sm" c="red.9">{`${e.name}: ${e.party === 'employee' ? 'not what its name says' : 'not a PDF'}, so it is not opened`}</Text>
                )}{' '}
                <Text span size="xs" c="dimmed">{`from the ${e.party}`}</Text>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            No evidence attached.
          </Text>
        )}
        {d.can_add_evidence && !d.can_respond && <AddEvidence dispute={d} />}
      </Part>
      {d.can_respond && (
        <>
          <Divider />
          <RespondForm dispute={d} />
        </>
      )}
      {d.can_decide && (
        <>
          <Divider />
          <DecideForm dispute={d} />
        </>
      )}
    </Stack>
  );
}

/** One dispute: what was reported, the lender's answer, the decision, the evidence, and what this person may do. */
export function DisputeDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const dispute = useDispute(id);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={<Text fw={600}>Dispute</Text>}
      closeButtonProps={{ 'aria-label': 'Close dispute' }}
    >
      {dispute.isPending && id !== null && <Loader size="sm" aria-label="Loading the dispute" />}
      {dispute.error && <ErrorAlert error={dispute.error} />}
      {dispute.data && <DisputeDetail d={dispute.data.dispute} />}
    </Drawer>
  );
}
