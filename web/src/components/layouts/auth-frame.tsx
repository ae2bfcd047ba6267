import { Box, Card, Center, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { BRAND_NAME, Brand } from '@/components/ui/brand';

/**
 * The frame of a public screen: brand and one card, `footer` below it. Without the router, so that the
 * employee portal's sign-in (no router before sign-in) can use it; AuthLayout adds the way back to sign in.
 * `withSignInLink` is only ever false here: the frame has no such link.
 */
export function AuthFrame({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode; withSignInLink?: false }) {
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
          {footer}
        </Stack>
      </Center>
    </Box>
  );
}
