import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

/** What a form just did, in the server's words, until the person closes it or sends the form again. */
export function DoneAlert({ message, onClose }: { message: string | null; onClose: () => void }) {
  if (!message) return null;
  return (
    <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status" withCloseButton closeButtonLabel="Dismiss" onClose={onClose}>
      {message}
    </Alert>
  );
}
