import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '@/lib/errors';

/** Spec: errors show their message in red. */
export function ErrorAlert({ error, title }: { error: unknown; title?: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title} role="alert">
      {errorMessage(error)}
    </Alert>
  );
}
