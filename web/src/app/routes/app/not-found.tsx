import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { BRAND_NAME } from '@/components/ui/brand';

export default function NotFoundRoute() {
  useDocumentTitle(`Not found · ${BRAND_NAME}`);
  return (
    <Card withBorder padding="xl" maw={560} mx="auto" mt="xl">
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h2">
          Not found
        </Title>
        <Text c="dimmed">The page you asked for does not exist or has moved.</Text>
        <Button component={Link} to="/" mt="xs">
          Go to home
        </Button>
      </Stack>
    </Card>
  );
}
