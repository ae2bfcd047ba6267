import { Anchor, Box, Card, Center, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BRAND_NAME, Brand } from '@/components/ui/brand';

/** The frame of the public account screens: brand, one card, and a way back to sign in. */
export function AuthLayout({ title, children, withSignInLink = true }: { title: string; children: ReactNode; withSignInLink?: boolean }) {
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return (
    <Box component="main" bg="gray.0" mih="100dvh">
      <Center mih="100dvh" p="md">
        <Stack gap="lg" w="100%" maw={460}>
          <Center>
            <Brand />
          </Center>
          <Card withBorder shadow="sm" padding="xl" radius="md">
            <Stack gap="md">
              <Title order={1} size="h3">
                {title}
              </Title>
              {children}
            </Stack>
          </Card>
          {withSignInLink && (
            <Center>
              <Anchor component={Link} to="/signin" size="sm">
                Back to sign in
              </Anchor>
            </Center>
          )}
        </Stack>
      </Center>
    </Box>
  );
}
