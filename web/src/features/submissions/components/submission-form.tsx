import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendarMonth, IconChecks, IconDownload, IconFileUpload, IconSend } from '@tabler/icons-react';
import { type FileLimits, FilePicker } from '@/components/ui/file-picker';
import { acceptFor, type DocKind, FILE_RULES } from '@shared/api/submissions';
import { currentMonth } from '@shared/rules/dates';
import { orgTypeFromPayeeKey } from '@shared/rules/payee-key';
import { MandateNotice } from './mandate-notice';
import { WindowNotice } from './window-notice';

export const FILE_TYPE_OPTIONS: { value: DocKind; label: string }[] = [
  { value: 'inputs', label: 'Inputs (.xlsx)' },
  { value: 'stoppages', label: 'Stoppages (.xlsx)' },
  { value: 'onboarding', label: 'Onboarding (evidence)' },
];
/** PMEC's payroll register: offered only to those who keep it (register-keeper.ts). */
const REGISTER_OPTION = { value: 'register', label: 'Payroll register (.xlsx)' } as const satisfies (typeof FILE_TYPE_OPTIONS)[number];
/** What the payroll applied of the month's schedule: the payroll authority's too. */
const APPLIED_OPTION = { value: 'applied', label: 'Applied deductions (.xlsx)' } as const satisfies (typeof FILE_TYPE_OPTIONS)[number];

export interface SubmissionFormProps {
  form: {
    kind: DocKind;
    file: File | null;
    month: string;
    payeeKey: string;
    scheduleVersion: string;
    partPayeeKeys: string;
    setKind: (kind: DocKind) => void;
    setFile: (file: File | null) => void;
    setMonth: (month: string) => void;
    setPayeeKey: (key: string) => void;
    setScheduleVersion: (version: string) => void;
    setPartPayeeKeys: (keys: string) => void;
  };
  busy: boolean;
  /** The caller keeps the payroll register: its file kind is offered. */
  keepsRegister?: boolean;
  canDownload: boolean;
  /** Submitted already: Submit waits for a change of file or form. */
  submitted: boolean;
  /** Validated without errors: Submit becomes the main action. */
  ready: boolean;
  onValidate: () => void;
  onSubmit: () => void;
  onDownload: () => void;
}

const FILE_HINTS: Record<DocKind, string> = {
  inputs: `Excel workbook (.xlsx), up to ${FILE_RULES.inputs.maxBytes / 1024 / 1024} MB. Only the first sheet is read.`,
  stoppages: `Excel workbook (.xlsx), up to ${FILE_RULES.stoppages.maxBytes / 1024 / 1024} MB. Only the first sheet is read.`,
  onboarding: `PDF, image, Word, Excel or CSV, up to ${FILE_RULES.onboarding.maxBytes / 1024 / 1024} MB.`,
  register: `Excel workbook (.xlsx), up to ${FILE_RULES.register.maxBytes / 1024 / 1024} MB: one row per employee. Only the first sheet is read.`,
  applied: `Excel workbook (.xlsx), up to ${FILE_RULES.applied.maxBytes / 1024 / 1024} MB: EMPLOYEE NUMBER, NRC, PAYEE KEY, AMOUNT DEDUCTED and REASON. Only the first sheet is read.`,
};

const limitsFor = (kind: DocKind): FileLimits => ({ accept: acceptFor(kind), hint: FILE_HINTS[kind] });

/** Spec part 1 §2 "Submissions screen": the controls and the three buttons. */
export function SubmissionForm({ form, busy, keepsRegister = false, canDownload, submitted, ready, onValidate, onSubmit, onDownload }: SubmissionFormProps) {
  const isOnboarding = form.kind === 'onboarding';
  const isRegister = form.kind === 'register';
  const isApplied = form.kind === 'applied';
  const key = form.payeeKey.trim();
  const payeeHint = key ? `Organisation type: ${orgTypeFromPayeeKey(key)}.` : 'FI or PMEC code, e.g. A001 (FI) or C1234 (PMEC).';
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <Select
          label="File type"
          data={keepsRegister ? [...FILE_TYPE_OPTIONS, REGISTER_OPTION, APPLIED_OPTION] : FILE_TYPE_OPTIONS}
          value={form.kind}
          onChange={(value) => value && form.setKind(value as DocKind)}
          allowDeselect={false}
          disabled={busy}
          size="md"
        />
        <FilePicker
          mode="one"
          label="File"
          placeholder="Choose a file"
          limits={limitsFor(form.kind)}
          value={form.file}
          onChange={form.setFile}
          disabled={busy}
          size="md"
          icon={<IconFileUpload size={16} aria-hidden />}
        />
        <MonthPickerInput
          label="Submission month"
          value={`${form.month}-01`}
          onChange={(value) => value && form.setMonth(String(value).slice(0, 7))}
          maxDate={`${currentMonth()}-01`}
          valueFormat="MMMM YYYY"
          previousLabel="Previous year"
          nextLabel="Next year"
          description={
            isOnboarding
              ? 'The month the document is filed under; up to the current month.'
              : isRegister || isApplied
                ? `The payroll month this ${isRegister ? 'register' : 'file'} is for; up to the current month.`
                : 'The month the deductions are for; up to the current month.'
          }
          disabled={busy}
          size="md"
          leftSection={<IconCalendarMonth size={16} aria-hidden />}
        />
        {isApplied && (
          <TextInput
            label="Schedule version"
            withAsterisk
            description="The version printed on the month’s payroll schedule (/payroll) that the payroll applied."
            placeholder="e.g. 1"
            inputMode="numeric"
            value={form.scheduleVersion}
            onChange={(event) => form.setScheduleVersion(event.currentTarget.value)}
            disabled={busy}
            autoComplete="off"
          />
        )}
        {isApplied && (
          <TextInput
            label="Payee keys of this part"
            description="Sending the month in parts: the payee keys this file covers, every line of theirs (e.g. A001, A002). Leave empty when the file is the whole month."
            placeholder="e.g. A001, A002"
            value={form.partPayeeKeys}
            onChange={(event) => form.setPartPayeeKeys(event.currentTarget.value)}
            disabled={busy}
            autoComplete="off"
          />
        )}
        {!isRegister && !isApplied && (
          <TextInput
            label="Payee Key / Code"
            withAsterisk={!isOnboarding}
            description={isOnboarding && !key ? 'Optional for onboarding. FI or PMEC code, e.g. A001 or C1234.' : payeeHint}
            placeholder="e.g. A001"
            value={form.payeeKey}
            onChange={(event) => form.setPayeeKey(event.currentTarget.value)}
            disabled={busy}
            autoComplete="off"
          />
        )}
      </SimpleGrid>
      <WindowNotice kind={form.kind} month={form.month} />
      <MandateNotice kind={form.kind} />
      <Group gap="sm" mt="lg">
        {!isOnboarding && (
          <Button onClick={onValidate} disabled={busy} variant={ready ? 'light' : 'filled'} leftSection={<IconChecks size={16} aria-hidden />}>
            Validate
          </Button>
        )}
        <Button
          onClick={onSubmit}
          disabled={busy || submitted || (isRegister && !ready)}
          variant={isOnboarding || ready ? 'filled' : 'light'}
          leftSection={<IconSend size={16} aria-hidden />}
        >
          Submit
        </Button>
        {!isOnboarding && (
          <Button onClick={onDownload} disabled={busy || !canDownload} variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
            Download CSV report
          </Button>
        )}
      </Group>
    </>
  );
}
