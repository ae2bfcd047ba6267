import { ActionIcon, Alert, Button, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import type { ApiClientSecretResponse } from '@shared/api/api-clients';

function Copyable({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Text size="sm" fw={600} w={110}>
        {label}
      </Text>
      <Code style={{ wordBreak: 'break-all' }} data-testid={`api-client-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy the ${label.toLowerCase()}`} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={`Copy the ${label.toLowerCase()}`}>
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** A client's new credentials, shown once: the platform keeps no copy of the secret. */
export function ApiClientSecret({ answer, tokenUrl, onDone }: { answer: ApiClientSecretResponse; tokenUrl: string | undefined; onDone: () => void }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconKey size={18} aria-hidden />}
      title={`Credentials of ${answer.client.name}: copy the secret now`}
      role="status"
    >
      <Stack gap="xs">
        <Text size="sm">
          This is the only time the secret is shown. Store it in your loan system&apos;s secret store; if it is lost, rotate the client to get a new one.
        </Text>
        <Copyable label="Client id" value={answer.client_id} />
        <Copyable label="Client secret" value={answer.client_secret} />
        {tokenUrl && <Copyable label="Token URL" value={tokenUrl} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            I have stored the secret
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
