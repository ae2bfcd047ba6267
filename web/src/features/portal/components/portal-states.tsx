import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { BRAND_NAME } from '@/components/ui/brand';
import { ErrorAlert } from '@/components/ui/error-alert';

/** The heading of a portal screen (and the window's title): short, in plain words. */
export function PortalHeading({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {children && (
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      )}
    </Stack>
  );
}

/** Loading, failed or empty: what a portal list shows before (or instead of) its items. */
export function ListState({ query, empty, what }: { query: { isPending: boolean; error: unknown }; empty: boolean; what: string }) {
  if (query.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">{`Loading ${what}…`}</Text>
      </Group>
    );
  }
  if (query.error) return <ErrorAlert error={query.error} title={`We could not load ${what}`} />;
  if (empty) {
    return (
      <Paper withBorder p="lg" radius="md" data-testid="portal-empty">
        <Text size="sm">{`There are no ${what} to show.`}</Text>
      </Paper>
    );
  }
  return null;
}
