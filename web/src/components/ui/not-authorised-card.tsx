import { Button, Card, Center, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ROLE_LABELS, type Role } from '@shared/roles';

/**
 * An approved user opening a screen their roles do not reach: which roles may open it, and the way
 * home. (A pending account sees the waiting-for-approval screen instead.)
 */
export function NotAuthorisedCard({ screen, roles }: { screen: string; roles: readonly Role[] }) {
  return (
    <Center mih="60dvh" p="md">
      <Card withBorder shadow="sm" padding="xl" maw={520} w="100%" component="section" aria-labelledby="not-authorised-title" data-testid="not-authorised">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color="gray" size="lg" radius="xl" aria-hidden>
              <IconLock size={20} />
            </ThemeIcon>
            <Title order={1} size="h3" id="not-authorised-title">
              You don&apos;t have access to this screen
            </Title>
          </Group>
          <Text>{screen} is open to people holding one of these roles:</Text>
          <List size="sm" spacing={2}>
            {roles.map((role) => (
              <List.Item key={role}>{ROLE_LABELS[role]}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            If you need it, ask an administrator of your organisation to grant you one of them.
          </Text>
          <Group>
            <Button component={Link} to="/app">
              Go to the home page
            </Button>
          </Group>
        </Stack>
      </Card>
    </Center>
  );
}
