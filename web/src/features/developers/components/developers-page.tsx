import { Anchor, Box, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { Brand, BRAND_NAME } from '@/components/ui/brand';
import { ErrorAlert } from '@/components/ui/error-alert';
import { apiUrlFor } from '@/lib/api-transport';
import { getOpenApi } from '@shared/routes/system';
import { useOpenApiDocument } from '../api/openapi';
import { ApiReference } from './api-reference';

/**
 * /developers: the API's reference for a lender's developers, open to anyone. The contract itself is
 * GET /api/openapi.json, generated from the route table; this page renders it.
 */
export function DevelopersPage() {
  useDocumentTitle(`API reference · ${BRAND_NAME}`);
  const contract = useOpenApiDocument();
  return (
    <Box component="main" id="main-content" pb="xl">
      <Box maw={1200} mx="auto" px="md" py="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Brand />
            <Anchor component={Link} to="/signin" size="sm">
              Sign in
            </Anchor>
          </Group>
          <Card withBorder padding="lg" radius="md">
            <Title order={1} size="h2" mb="xs">
              API reference
            </Title>
            <Text maw={760}>
              Every route of the platform, its parameters, body, answer, errors and who may call it, generated from the platform’s own route table. Your system
              can read the same contract as OpenAPI 3.1:{' '}
              <Anchor href={apiUrlFor(getOpenApi.path)} target="_blank" rel="noreferrer" underline="always">
                openapi.json
              </Anchor>
              .
            </Text>
          </Card>
          {contract.isPending && <Loader size="sm" aria-label="Loading the contract" />}
          {contract.isError && <ErrorAlert error={contract.error} />}
        </Stack>
      </Box>
      {contract.data && <ApiReference document={contract.data} />}
    </Box>
  );
}
