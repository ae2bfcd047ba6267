import { Card, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from '@/components/ui/brand';
import { HighlightCarousel } from './highlight-carousel';
import classes from './sign-in-layout.module.css';

/** The split sign-in screen: highlights on the left (above on narrow screens), the card on the right. */
export function SignInLayout({ children }: { children: ReactNode }) {
  return (
    <div className={classes.root}>
      <aside className={classes.aside}>
        <Brand inverted />
        <div className={classes.carousel}>
          <HighlightCarousel />
        </div>
        <Text size="xs" c="white" className={classes.footnote}>
          For staff of financial institutions, PMEC and platform administrators.
        </Text>
      </aside>
      <main className={classes.main}>
        <Card withBorder shadow="sm" padding="xl" radius="md" className={classes.card}>
          {children}
        </Card>
      </main>
    </div>
  );
}
