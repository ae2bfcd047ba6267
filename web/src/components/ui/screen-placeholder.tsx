import { Card, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconTools } from '@tabler/icons-react';
import { AuthLayout } from '../layouts/auth-layout';
import { BRAND_NAME } from './brand';
import { PageHeader } from './page-header';

const NOT_AVAILABLE = 'This screen is not available yet.';

function NotAvailable() {
  return (
    <Stack align="center" gap="sm" py="lg">
      <ThemeIcon variant="light" color="gray" size={48} radius="xl" aria-hidden>
        <IconTools size={24} />
      </ThemeIcon>
      <Text c="dimmed">{NOT_AVAILABLE}</Text>
    </Stack>
  );
}

function AppPlaceholder({ title }: { title: string }) {
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return (
    <Stack gap="lg">
      <PageHeader title={title} />
      <Card withBorder padding="xl">
        <NotAvailable />
      </Card>
    </Stack>
  );
}

/**
 * Stands in for a screen a later issue builds: inside the signed-in layout (`app`) or as a
 * public account screen (`public`). Replace the route module to replace it.
 */
export function ScreenPlaceholder({ title, layout = 'app' }: { title: string; layout?: 'app' | 'public' }) {
  if (layout === 'public') {
    return (
      <AuthLayout title={title}>
        <NotAvailable />
      </AuthLayout>
    );
  }
  return <AppPlaceholder title={title} />;
}
