import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FilePicker } from '@/components/ui/file-picker';
import { formatMonth, formatZmw } from '@/lib/format';
import { DISPUTE_EVIDENCE_MAX_BYTES, DISPUTE_TEXT_MAX } from '@shared/api/disputes';
import { PORTAL_EVIDENCE_ACCEPT, PORTAL_MESSAGES, portalEvidenceType, type PortalDeduction } from '@shared/api/portal';
import { useReportDeduction } from '../api/portal';

const fileProblem = (file: File | null): string | null => {
  if (!file) return null;
  if (!portalEvidenceType(file.name)) return PORTAL_MESSAGES.evidenceType;
  if (file.size === 0) return PORTAL_MESSAGES.evidenceEmpty;
  return file.size > DISPUTE_EVIDENCE_MAX_BYTES ? PORTAL_MESSAGES.evidenceSize : null;
};

/**
 * "This is not mine / I did not agree to this": one question (why), an optional photo or PDF, one button.
 * Full screen on a phone. After sending it says what happens next, in the words the server gives.
 */
export function ReportDeductionModal({ deduction, onClose, fullScreen }: { deduction: PortalDeduction | null; onClose: () => void; fullScreen: boolean }) {
  const report = useReportDeduction();
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ reason?: string; file?: string }>({});
  const close = () => {
    if (report.isPending) return;
    setReason('');
    setFile(null);
    setErrors({});
    report.reset();
    onClose();
  };
  const submit = () => {
    if (!deduction) return;
    const problems = { reason: reason.trim() ? undefined : PORTAL_MESSAGES.reason, file: fileProblem(file) ?? undefined };
    setErrors(problems);
    if (problems.reason || problems.file) return;
    report.mutate({ body: { payee_key: deduction.payee_key, month: deduction.month, reason: reason.trim() }, file });
  };
  const lender = deduction?.org_name ?? deduction?.payee_key ?? '';
  return (
    <Modal opened={deduction !== null} onClose={close} fullScreen={fullScreen} centered size="lg" title={<Text fw={600}>Report this deduction</Text>}>
      {deduction && (
        <Stack gap="md">
          <Text size="sm">{`${lender} · ${formatMonth(deduction.month)} · ${formatZmw(deduction.installment)}`}</Text>
          {report.isSuccess ? (
            <>
              <Alert color="green" variant="light" role="status" title="Report sent">
                {report.data.message}
                {report.data.fileFailed && <Text size="sm" mt="xs">{`Your file did not upload (${report.data.fileFailed}). Your report was still sent.`}</Text>}
              </Alert>
              <Button onClick={close} fullWidth={fullScreen}>
                Done
              </Button>
            </>
          ) : (
            <>
              <Textarea
                label="Why is this deduction wrong?"
                description="For example: “I never took a loan from this lender” or “I stopped this loan in March”."
                required
                autosize
                minRows={4}
                maxLength={DISPUTE_TEXT_MAX}
                value={reason}
                onChange={(e) => (setReason(e.currentTarget.value), setErrors((x) => ({ ...x, reason: undefined })))}
                error={errors.reason}
                data-autofocus
              />
              <FilePicker
                mode="one"
                label="A photo or PDF (optional)"
                description="A picture of your payslip or of a letter helps."
                limits={{ accept: PORTAL_EVIDENCE_ACCEPT, hint: `JPEG, PNG or PDF, up to ${DISPUTE_EVIDENCE_MAX_BYTES / 1024 / 1024} MB.` }}
                placeholder="Choose a file"
                value={file}
                onChange={(f) => (setFile(f), setErrors((x) => ({ ...x, file: undefined })))}
                error={errors.file}
                disabled={report.isPending}
              />
              {report.error && <ErrorAlert error={report.error} />}
              <Group justify="flex-end" gap="sm" grow={fullScreen}>
                <Button variant="default" onClick={close} disabled={report.isPending}>
                  Cancel
                </Button>
                <Button color="red" onClick={submit} loading={report.isPending}>
                  Send report
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
