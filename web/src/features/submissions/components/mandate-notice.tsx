import { Alert } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useSettings } from '@/lib/settings';
import { mandateRequirementText } from '@shared/api/mandates';
import type { DocKind } from '@shared/api/submissions';

/**
 * While mandates are required from a month (the `mandates.required_from` setting), an inputs file's
 * screen says so before Validate: from that month a new deduction without a mandate blocks the file.
 */
export function MandateNotice({ kind }: { kind: DocKind }) {
  const settings = useSettings(kind === 'inputs');
  const requiredFrom = settings.data?.mandates.required_from;
  if (kind !== 'inputs' || !requiredFrom) return null;
  return (
    <Alert mt="lg" color="blue" variant="light" icon={<IconFileCertificate size={18} aria-hidden />} role="status" py={8} data-testid="mandate-notice">
      {mandateRequirementText(requiredFrom)}
    </Alert>
  );
}
