import '@mantine/dates/styles.css';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatCount } from '@/lib/format';
import { FRAUD_MESSAGES } from '@shared/api/fraud';
import { DESCRIPTION_MAX, FRAUD_TYPES, PERSON_NAME_MAX, type FraudReportFields, canSubmitFraudReport, fraudReportSchema } from '@shared/rules/fraud-report';
import { sanitiseNrcInput } from '@shared/rules/nrc';
import { useCreateFraudReport } from '../api/create-report';
import { useAttachments } from '../api/use-attachments';
import { AttachmentField } from './attachment-field';

type Fields = Required<{ [K in keyof FraudReportFields]: string }>;
const EMPTY: Fields = { type: '', nrc: '', person_name: '', report_month: '', payee_key: '', description: '' };

/** An organisation the signed-in person is an approved member of, with its payee key (from GET /api/me). */
export interface ReportingOrganisation {
  org_name: string;
  payee_key: string;
}

/** 'YYYY-MM-DD' from the month picker → 'YYYY-MM'; and back. */
const toMonth = (value: string | null) => (value ? value.slice(0, 7) : '');
const fromMonth = (month: string) => (month ? `${month}-01` : null);

/**
 * Spec §2 "Fraud Report" with the rules of §4 and §5: any signed-in user files a report with evidence.
 * The report is filed as the organisation holding the payee key: the key starts as the person's own
 * organisation's, and Reporting FI shows that organisation's name (the server stores the directory's).
 */
export function FraudReportForm({
  organisations,
  anyOrganisation = false,
}: {
  organisations: readonly ReportingOrganisation[];
  /** A platform admin may file under any organisation's key. */ anyOrganisation?: boolean;
}) {
  // The shared rules check the whole report on Submit, the first message of each field beside it.
  const form = useForm({
    initialValues: { ...EMPTY, payee_key: organisations[0]?.payee_key ?? '' },
    validate: schemaResolver(fraudReportSchema, { sync: true }),
    transformValues: (values) => fraudReportSchema.parse(values),
  });
  const fields = form.values;
  const reportingFi = organisations.find((o) => o.payee_key === fields.payee_key.trim().toUpperCase())?.org_name ?? '';
  // Another organisation's key leaves Reporting FI blank: the server would refuse it, so Submit waits and the field says why.
  const notOurs = !anyOrganisation && fields.payee_key.trim() !== '' && reportingFi === '';
  const reportingFiError = notOurs ? FRAUD_MESSAGES.notYourPayeeKey(organisations.map((o) => o.payee_key)) : undefined;
  const [success, setSuccess] = useState<string | null>(null);
  const requestId = useRef(crypto.randomUUID());
  const attachments = useAttachments();
  const create = useCreateFraudReport();
  const busy = create.isPending;
  const waitingForFiles = attachments.uploading || attachments.failed;
  const canSubmit = canSubmitFraudReport(fields, busy) && !waitingForFiles && !notOurs;

  const submit = form.onSubmit((report) => {
    if (!canSubmit) return;
    setSuccess(null);
    create.mutate(
      { ...report, attachments: attachments.keys, request_id: requestId.current },
      {
        onSuccess: (data) => {
          setSuccess(data.message || FRAUD_MESSAGES.submitted);
          form.reset();
          attachments.clear();
          requestId.current = crypto.randomUUID();
          window.scrollTo({ top: 0, behavior: 'smooth' });
        },
      },
    );
  });

  return (
    <Stack gap="md">
      {success && (
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck size={18} />}
          title={success}
          role="status"
          withCloseButton
          onClose={() => setSuccess(null)}
        >
          The report is on the registry. Its NRC will now be flagged in file validation and fraud searches.
        </Alert>
      )}
      <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate aria-label="Fraud report">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Reporting FI"
              value={reportingFi}
              placeholder={notOurs ? 'None of your organisations holds this key' : 'The organisation holding the payee key'}
              description="Set from the payee key"
              variant="filled"
              readOnly
              error={reportingFiError}
            />
            <Select
              label="Type"
              withAsterisk
              placeholder="Choose a fraud type"
              data={[...FRAUD_TYPES]}
              value={fields.type || null}
              onChange={(value) => form.setFieldValue('type', value ?? '')}
              error={form.errors.type}
              allowDeselect={false}
              disabled={busy}
              size="md"
            />
            <TextInput
              label="NRC"
              withAsterisk
              placeholder="123456/78/9"
              description="Example 123456/78/9 (digits and '/' only)"
              inputMode="numeric"
              {...form.getInputProps('nrc')}
              onChange={(e) => form.setFieldValue('nrc', sanitiseNrcInput(e.currentTarget.value))}
              maxLength={20}
              disabled={busy}
            />
            <TextInput label="Person's Full Name" withAsterisk {...form.getInputProps('person_name')} maxLength={PERSON_NAME_MAX} disabled={busy} />
            <MonthPickerInput
              label="Report Month"
              withAsterisk
              placeholder="Pick a month"
              valueFormat="MMMM YYYY"
              value={fromMonth(fields.report_month)}
              onChange={(value) => form.setFieldValue('report_month', toMonth(value))}
              maxDate={new Date()}
              error={form.errors.report_month}
              clearable
              size="md"
              disabled={busy}
            />
            <TextInput
              label="Payee Key"
              withAsterisk
              placeholder="A001"
              description="FI or PMEC code: 2–20 letters, digits, '.', '_' or '-'"
              {...form.getInputProps('payee_key')}
              maxLength={20}
              disabled={busy}
            />
          </SimpleGrid>
          <Textarea
            label="Description/Comments"
            placeholder="What happened, when, and how it was found (optional)"
            autosize
            minRows={4}
            maxRows={12}
            maxLength={DESCRIPTION_MAX}
            description={`At most ${formatCount(DESCRIPTION_MAX)} characters`}
            {...form.getInputProps('description')}
            disabled={busy}
            size="md"
          />
          <AttachmentField
            items={attachments.items}
            rejected={attachments.rejected}
            disabled={busy}
            onAdd={attachments.add}
            onRemove={attachments.remove}
            onRetry={attachments.retry}
          />
          {create.error ? <ErrorAlert error={create.error} title="The report was not submitted" /> : null}
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm" c="dimmed">
              {attachments.uploading
                ? 'Waiting for attachments to finish uploading…'
                : attachments.failed
                  ? 'Retry or remove the failed attachment to submit.'
                  : 'Fields marked * are required.'}
            </Text>
            <Button type="submit" disabled={!canSubmit} loading={busy}>
              Submit report
            </Button>
          </Group>
        </Stack>
      </Card>
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} title="About direct fallback" role="note">
        Some installations may enable a direct fallback that saves reports straight to storage when the report service cannot be reached. It is not enabled
        here: if submitting fails, nothing is saved, and you can safely submit again.
      </Alert>
    </Stack>
  );
}
