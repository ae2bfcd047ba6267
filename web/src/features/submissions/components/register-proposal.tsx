import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { IconClockX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FourEyesDecision } from '@/components/ui/four-eyes-decision';
import { formatCount, formatDateTime } from '@/lib/format';
import { routeKey } from '@/lib/queries';
import type { ProposedRegister } from '@shared/api/register';
import { getRegister } from '@shared/routes/register';
import { useRegisterDecision, waitForRegister } from '../api/register';
import { RegisterDifference } from './register-difference';

/** After an approval: waits for the register to become current, then reads it again. */
function useWaitUntilCurrent(uploadId: string | null) {
  const client = useQueryClient();
  const [current, setCurrent] = useState(false);
  useEffect(() => {
    if (!uploadId) return;
    const controller = new AbortController();
    void waitForRegister(client, uploadId, controller.signal).then((register) => {
      if (!register) return;
      setCurrent(true);
      void client.invalidateQueries({ queryKey: routeKey(getRegister) });
    });
    return () => controller.abort();
  }, [client, uploadId]);
  return current;
}

export interface DecisionMade {
  uploadId: string;
  status: 'approved' | 'rejected';
  message: string;
}

function Decision({ proposed, onDecided }: { proposed: ProposedRegister; onDecided: (made: DecisionMade) => void }) {
  const decide = useRegisterDecision();
  return (
    <FourEyesDecision
      subject="register"
      busy={decide.isPending}
      error={decide.error}
      onReset={decide.reset}
      onDecide={(decision, note, done) =>
        decide.mutate(
          { uploadId: proposed.upload_id, decision, note },
          {
            onSuccess: (answer) => {
              done();
              onDecided({ uploadId: proposed.upload_id, ...answer });
            },
          },
        )
      }
      consequence={(decision) =>
        decision === 'approve'
          ? `Its ${formatCount(proposed.employees)} employees replace the current register once stored: ${formatCount(proposed.removed)} removed, ${formatCount(proposed.mobile_changed)} with another mobile (each texted at the old number).`
          : 'The current register stays in force. The proposer can upload a corrected register.'
      }
    />
  );
}

/**
 * The register proposed and awaiting a second admin of the payroll authority, on /upload: who proposed it
 * and until when it can be decided, the same difference its proposer saw, and Approve or Reject for any
 * other admin (the server refuses the proposer and anyone outside the authority, with a sentence).
 */
export function ProposedRegisterPanel({
  proposed,
  myEmail,
  mayDecide,
  onDecided,
}: {
  proposed: ProposedRegister;
  myEmail: string;
  mayDecide: boolean;
  onDecided: (made: DecisionMade) => void;
}) {
  const own = proposed.proposed_by.toLowerCase() === myEmail.toLowerCase();
  return (
    <Card withBorder padding="lg" component="section" aria-label="Proposed payroll register">
      <Stack gap="md">
        <Title order={2} size="h4">
          Proposed register awaiting approval
        </Title>
        <Text size="sm" data-testid="proposal-summary">
          The {proposed.month} register of {formatCount(proposed.employees)} employees, proposed by {proposed.proposed_by} on{' '}
          {formatDateTime(proposed.proposed_at)}.{' '}
          {proposed.expired ? '' : `A second admin of the payroll authority can approve or reject it until ${formatDateTime(proposed.expires_at)}.`}
        </Text>
        {proposed.expired && (
          <Alert color="gray" variant="light" icon={<IconClockX size={18} aria-hidden />} title="This proposal expired" data-testid="proposal-expired">
            It expired on {formatDateTime(proposed.expires_at)}, 7 days after it was proposed, and can no longer be approved. Upload the register again to
            propose it.
          </Alert>
        )}
        <RegisterDifference difference={proposed.difference} />
        {!proposed.expired &&
          (own ? (
            <Text size="sm" c="dimmed" data-testid="proposal-own">
              You proposed this register, so another admin of the payroll authority approves or rejects it.
            </Text>
          ) : (
            mayDecide && <Decision proposed={proposed} onDecided={onDecided} />
          ))}
      </Stack>
    </Card>
  );
}

/** What the screen says after a decision: approved (and, once stored, current) or rejected. */
export function DecisionOutcome({ outcome }: { outcome: DecisionMade | null }) {
  const current = useWaitUntilCurrent(outcome?.status === 'approved' ? outcome.uploadId : null);
  if (!outcome) return null;
  return (
    <Alert color={outcome.status === 'approved' ? 'green' : 'blue'} variant="light" data-testid="decision-outcome" role="status">
      {current ? 'The approved register is now the current payroll register.' : outcome.message}
    </Alert>
  );
}
