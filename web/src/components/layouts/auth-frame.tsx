import { Box, Card, Center, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { BRAND_NAME, Brand } from '@/components/ui/brand';

/**
 * The frame of a public screen: brand and one card, `footer` below it, without the router; AuthLayout adds
 * the way back to sign in. The employee portal's sign-in draws the same frame without Mantine
 * (./auth-frame-plain.tsx).
 */
export function AuthFrame({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
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
