import { Button, Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** Spec §2 "Administration": anyone other than a super or system admin sees this. */
export function NotAuthorised({ what }: { what: string }) {
  return (
    <Center py="xl">
      <Card withBorder shadow="sm" padding="xl" radius="md" maw={520} w="100%" role="alert">
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
            <IconLock size={26} />
          </ThemeIcon>
          <Title order={1} size="h3">
            Not authorized
          </Title>
          <Text>You are not authorized to view {what}. It is available to super and system administrators only.</Text>
          <Button component={Link} to="/app" variant="default">
            Back to home
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
