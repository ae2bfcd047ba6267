import { Alert, Card, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconClockX } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FourEyesDecision } from '@/components/ui/four-eyes-decision';
import { formatDateTime, formatMonth, formatZmw, formatZmwChange } from '@/lib/format';
import type { AppliedReplacement, LenderChange } from '@shared/api/reconciliation-replacement';
import { useAppliedReplacement, useReplacementDecision } from '../api/replacement';

type Outcome = { status: 'approved' | 'rejected'; message: string };

const change = (amount: number) => (amount === 0 ? 'No change' : formatZmwChange(amount));

function ChangesTable({ lenders }: { lenders: readonly LenderChange[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label="Applied totals per lender: recorded file and proposed file">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lender</Table.Th>
            <Table.Th ta="right">Expected</Table.Th>
            <Table.Th ta="right">Applied now</Table.Th>
            <Table.Th ta="right">Applied if approved</Table.Th>
            <Table.Th ta="right">Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lenders.map((lender) => (
            <Table.Tr key={lender.payee_key}>
              <Table.Td>{lender.org_name ? `${lender.org_name} (${lender.payee_key})` : lender.payee_key}</Table.Td>
              <Table.Td ta="right">{formatZmw(lender.proposed?.expected_total ?? lender.current?.expected_total)}</Table.Td>
              <Table.Td ta="right">{lender.current ? formatZmw(lender.current.applied_total) : 'Not in the file'}</Table.Td>
              <Table.Td ta="right">{lender.proposed ? formatZmw(lender.proposed.applied_total) : 'Not in the file'}</Table.Td>
              <Table.Td ta="right" fw={lender.applied_change === 0 ? undefined : 600}>
                {change(lender.applied_change)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Decision({ proposal, onDecided }: { proposal: AppliedReplacement; onDecided: (outcome: Outcome) => void }) {
  const decide = useReplacementDecision();
  return (
    <FourEyesDecision
      subject="replacement"
      busy={decide.isPending}
      error={decide.error}
      onReset={decide.reset}
      onDecide={(decision, note, done) =>
        decide.mutate(
          { uploadId: proposal.upload_id, decision, note },
          {
            onSuccess: (answer) => {
              done();
              onDecided(answer);
            },
          },
        )
      }
      consequence={(decision) =>
        decision === 'approve'
          ? `${formatMonth(proposal.month)}'s reconciliation and remittance statements will come from ${proposal.file_name}: applied ${formatZmw(proposal.proposed_applied_total)} in place of ${formatZmw(proposal.current_applied_total)}. The file recorded now is kept.`
          : 'The file recorded now stays in force. The proposer can submit a corrected file.'
      }
    />
  );
}

/**
 * On /reconciliation, for the payroll authority's admins and platform admins: the month's proposed replacement of its
 * applied file, with each lender's applied total now and if approved (what its proposer saw), and Approve or Reject
 * for another admin of the authority (the server refuses the proposer and anyone outside the authority).
 */
export function ReplacementPanel({ month, mayDecide }: { month: string; mayDecide: boolean }) {
  const replacement = useAppliedReplacement(month, true);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const proposal = replacement.data?.proposal ?? null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="replacement-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="replacement-title">
          Replacing the applied file
        </Title>
        {outcome && (
          <Alert color={outcome.status === 'approved' ? 'green' : 'blue'} variant="light" role="status" data-testid="replacement-outcome">
            {outcome.message}
          </Alert>
        )}
        {replacement.isPending ? (
          <Center py="md">
            <Loader aria-label="Loading the proposed replacement" />
          </Center>
        ) : replacement.isError ? (
          <ErrorAlert error={replacement.error} />
        ) : !proposal ? (
          <Text size="sm" c="dimmed" data-testid="replacement-none">
            No replacement is proposed for {formatMonth(month)}. To correct the month, upload the new applied deductions file on the upload screen and submit
            it: another admin of the payroll authority then approves it here.
          </Text>
        ) : (
          <>
            <Text size="sm" data-testid="replacement-summary">
              {`${proposal.file_name}, proposed by ${proposal.proposed_by} on ${formatDateTime(proposal.proposed_at)}, would replace the file ${proposal.replaces.submitted_by} submitted on ${formatDateTime(proposal.replaces.submitted_at)} (schedule version ${proposal.schedule_version}). Applied in all: ${formatZmw(proposal.current_applied_total)} now, ${formatZmw(proposal.proposed_applied_total)} if approved.`}
            </Text>
            {proposal.expired && (
              <Alert color="gray" variant="light" icon={<IconClockX size={18} aria-hidden />} title="This proposal expired">
                It expired on {formatDateTime(proposal.expires_at)} and can no longer be approved. Submit the file again to propose it.
              </Alert>
            )}
            <ChangesTable lenders={proposal.lenders} />
            {!proposal.expired &&
              (proposal.own ? (
                <Text size="sm" c="dimmed" data-testid="replacement-own">
                  You proposed this replacement, so another admin of the payroll authority approves or rejects it (until {formatDateTime(proposal.expires_at)}).
                </Text>
              ) : (
                mayDecide && <Decision proposal={proposal} onDecided={setOutcome} />
              ))}
          </>
        )}
      </Stack>
    </Card>
  );
}
