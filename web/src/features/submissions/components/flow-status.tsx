import { Alert, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { SubmitUploadResponse } from '@shared/api/submissions';
import type { Activity, FlowMessage } from '../utils/flow-messages';

const ICONS = { red: IconAlertCircle, green: IconCircleCheck, blue: IconInfoCircle } as const;

/** What is happening now (with the upload's progress bar), the messages of spec §4, and where the file was saved. */
export function FlowStatus({ activity, messages, saved }: { activity: Activity | null; messages: FlowMessage[]; saved: SubmitUploadResponse | null }) {
  if (!activity && messages.length === 0 && !saved) return null;
  return (
    <Stack gap="xs" mt="lg">
      {activity && (
        <Stack gap={6} role="status" aria-live="polite" data-testid="flow-activity">
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{activity.progress === null ? activity.text : `${activity.text} ${activity.progress}%`}</Text>
          </Group>
          {activity.progress !== null && (
            <Progress value={activity.progress} size="md" radius="xl" aria-label="Upload progress" animated={activity.progress < 100} />
          )}
        </Stack>
      )}
      {messages.map((message, index) => {
        const Icon = ICONS[message.tone];
        return (
          <Alert
            key={`${index}-${message.text}`}
            color={message.tone}
            variant="light"
            icon={<Icon size={18} aria-hidden />}
            role={message.tone === 'red' ? 'alert' : 'status'}
            py={8}
            data-testid="flow-message"
          >
            {message.text}
          </Alert>
        );
      })}
      {saved && (
        <Stack gap={2} data-testid="saved-to">
          <Text size="sm">
            Saved to: <Text span ff="monospace" size="sm">{`${saved.bucket}/${saved.path}`}</Text>
          </Text>
          <Text size="sm" c="dimmed">
            File: {saved.file_name}
          </Text>
          {saved.late && (
            <Text size="sm" c="red.9" data-testid="saved-late">
              Marked late: submitted after its month’s window closed.
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
