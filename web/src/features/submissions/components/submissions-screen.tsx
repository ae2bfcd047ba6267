import { Card, Stack } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { useSignedInUser } from '@/lib/authorization';
import { keepsRegister } from '../utils/register-keeper';
import { CurrentRegisterPanel } from './register-panel';
import { useSubmissionFlow } from '../hooks/use-submission-flow';
import { hasReportContent } from '../utils/validation-view';
import { FlowStatus } from './flow-status';
import { DataSummaryPanel, PreviewPanel, SignalsPanel, ValidationResultsPanel } from './result-panels';
import { SubmissionForm } from './submission-form';

/** Spec part 1 §2 "Submissions screen" (/upload). */
export function SubmissionsScreen({ title }: { title: string }) {
  const flow = useSubmissionFlow();
  const { me } = useSignedInUser();
  const busy = flow.activity !== null;
  const isRegister = flow.form.kind === 'register';
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description={`Validate and submit a month's inputs or stoppages file, or upload onboarding evidence${keepsRegister(me) ? ", or PMEC's payroll register" : ''}. Warnings and fraud flags never block a submission; errors do.`}
      />
      <Card withBorder padding="lg" component="section" aria-label="File">
        <SubmissionForm
          form={flow.form}
          busy={busy}
          keepsRegister={keepsRegister(me)}
          canDownload={hasReportContent(flow.validation)}
          submitted={flow.saved !== null}
          ready={flow.validation?.source === 'server' && flow.validation.totals.errors === 0}
          onValidate={() => void flow.validate()}
          onSubmit={() => void flow.submit()}
          onDownload={() => void flow.downloadReport()}
        />
        <FlowStatus activity={flow.activity} messages={flow.messages} saved={flow.saved} />
      </Card>
      {isRegister && <CurrentRegisterPanel />}
      {flow.form.kind !== 'onboarding' && (
        <>
          <DataSummaryPanel view={flow.validation} />
          <PreviewPanel view={flow.validation} />
          <ValidationResultsPanel view={flow.validation} checking={busy} />
          {!isRegister && <SignalsPanel view={flow.validation} checking={busy} />}
        </>
      )}
    </Stack>
  );
}
