import { Card, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface ErrorCardProps {
  title: string;
  message: string;
  /** Buttons or links offering a way forward. */
  actions?: ReactNode;
  fullPage?: boolean;
}

/** A clear, centred failure with what to do next. */
export function ErrorCard({ title, message, actions, fullPage = false }: ErrorCardProps) {
  return (
    <Center mih={fullPage ? '100dvh' : '60dvh'} p="md" bg={fullPage ? 'gray.0' : undefined}>
      <Card withBorder shadow="sm" padding="xl" maw={480} w="100%" role="alert">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon color="red" variant="light" size="lg" radius="xl" aria-hidden>
              <IconAlertTriangle size={20} />
            </ThemeIcon>
            <Title order={2} size="h4">
              {title}
            </Title>
          </Group>
          <Text c="red">{message}</Text>
          {actions && <Group gap="sm">{actions}</Group>}
        </Stack>
      </Card>
    </Center>
  );
}
