import { Card, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { useSignedInUser } from '@/lib/authorization';
import { useMandateRequirement } from '@/lib/mandate-requirement';
import { useCurrentRegister } from '../api/register';
import { useSubmissionFlow } from '../hooks/use-submission-flow';
import { keepsRegister } from '../utils/register-keeper';
import { hasReportContent } from '../utils/validation-view';
import { FlowStatus } from './flow-status';
import { RegisterDifference } from './register-difference';
import { CurrentRegisterPanel } from './register-panel';
import { type DecisionMade, DecisionOutcome, ProposedRegisterPanel } from './register-proposal';
import { DataSummaryPanel, PreviewPanel, SignalsPanel, ValidationResultsPanel } from './result-panels';
import { SubmissionForm } from './submission-form';

/** Spec part 1 §2 "Submissions screen" (/upload); for the payroll authority's admins, the register's proposals too. */
export function SubmissionsScreen({ title }: { title: string }) {
  const { me } = useSignedInUser();
  const keeps = keepsRegister(me);
  const flow = useSubmissionFlow(keeps ? 'register' : 'inputs');
  const requiredFrom = useMandateRequirement().data?.required_from ?? null;
  const mandatesRequired = flow.form.kind === 'inputs' && requiredFrom !== null && flow.form.month >= requiredFrom;
  const register = useCurrentRegister(keeps);
  const [decided, setDecided] = useState<DecisionMade | null>(null);
  const proposed = register.data?.proposed ?? null;
  const busy = flow.activity !== null;
  const isRegister = flow.form.kind === 'register';
  const difference = isRegister ? (flow.validation?.registerDifference ?? null) : null;
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description={`Validate and submit a month's inputs or stoppages file, or upload onboarding evidence${keeps ? ", or PMEC's payroll register" : ''}. Warnings and fraud flags never block a submission; errors do.`}
      />
      {keeps && <DecisionOutcome outcome={decided} />}
      {keeps && proposed && <ProposedRegisterPanel proposed={proposed} myEmail={me.email} mayDecide onDecided={setDecided} />}
      <Card withBorder padding="lg" component="section" aria-label="File">
        <SubmissionForm
          form={flow.form}
          busy={busy}
          keepsRegister={keeps}
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
      {difference && (
        <Card withBorder padding="lg" component="section" aria-label="What this register changes">
          <Title order={2} size="h4" mb="sm">
            What this register changes
          </Title>
          <RegisterDifference difference={difference} />
        </Card>
      )}
      {flow.form.kind !== 'onboarding' && (
        <>
          <DataSummaryPanel view={flow.validation} />
          <PreviewPanel view={flow.validation} />
          {/* A register has no fraud flags and no signals: their panels would only say "none". */}
          <ValidationResultsPanel view={flow.validation} checking={busy} withFraud={!isRegister} />
          {!isRegister && <SignalsPanel view={flow.validation} checking={busy} mandatesRequired={mandatesRequired} />}
        </>
      )}
    </Stack>
  );
}
