import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatDateTime } from '@/lib/format';
import { useSettings } from '@/lib/settings';
import type { SettingsResponse } from '@shared/api/settings';
import type { useUpdateSettings } from '../api/settings';

interface SettingCardProps {
  name: keyof SettingsResponse['changed'];
  title: string;
  description: ReactNode;
  /** What the setting is when no one has changed it, shown until someone does. */
  defaults: string;
  saveLabel: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  update: ReturnType<typeof useUpdateSettings>;
  /** Shown instead of Save to those who may only read the setting. */
  readOnly?: string;
  children: ReactNode;
}

/** One platform setting's card on /admin: its fields, the server's refusal, who changed it last, Save. */
export function SettingCard({ name, title, description, defaults, saveLabel, onSubmit, update, readOnly, children }: SettingCardProps) {
  const settings = useSettings();
  const changed = settings.data?.changed[name];
  return (
    <Card withBorder padding="lg" radius="md" component="form" onSubmit={onSubmit} noValidate aria-label={title}>
      <Stack gap="md" h="100%">
        <Stack gap={4}>
          <Title order={3} size="h5">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {settings.isError && <ErrorAlert error={settings.error} title="The settings could not be loaded" />}
        {settings.isPending ? <Skeleton h={60} /> : children}
        {update.isError && <ErrorAlert error={update.error} title="Not saved" />}
        <Group justify="space-between" align="flex-end" mt="auto">
          <Text size="xs" c="dimmed" data-testid="settings-updated">
            {changed ? `Last changed ${formatDateTime(changed.at)} by ${changed.by_email ?? 'a platform admin'}` : defaults}
          </Text>
          {readOnly ? (
            <Text size="sm" c="dimmed">
              {readOnly}
            </Text>
          ) : (
            <Button type="submit" loading={update.isPending} disabled={settings.isPending}>
              {saveLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** A zod refusal as @mantine/form errors, keyed by the field each issue names. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  return Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));
}
