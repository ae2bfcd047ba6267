import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { teamErrorMessage } from '../utils/team-error';

export function TeamErrorAlert({ error }: { error: unknown }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {teamErrorMessage(error)}
    </Alert>
  );
}
