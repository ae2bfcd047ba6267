import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { BRAND_SHADES, PRIMARY_SHADE, SYSTEM_FONT } from '@/lib/theme-tokens';
import type { OpenApiDocument } from '@shared/api/system';
import { loadRedoc } from '../load-redoc';
import classes from './api-reference.module.css';

/**
 * Redoc's look, in the app's colours and type. Its search runs in a worker made from a blob, which the
 * Content-Security-Policy does not allow: the sidebar lists every operation instead.
 */
const REDOC_OPTIONS = {
  hideHostname: true,
  disableSearch: true,
  nativeScrollbars: true,
  scrollYOffset: 0,
  theme: {
    colors: { primary: { main: BRAND_SHADES[PRIMARY_SHADE] } },
    typography: { fontFamily: SYSTEM_FONT, headings: { fontFamily: SYSTEM_FONT } },
    sidebar: { width: '280px' },
  },
} as const;

/**
 * The contract rendered by Redoc, whose bundle (about 330 KB gzipped) is fetched only when this page opens.
 */
export function ApiReference({ document }: { document: OpenApiDocument }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    // Redoc labels its sidebar entries apart from the text they show (the method badge, a tag's nested
    // entries): without the label, each entry's name is the text a person sees and a voice user says.
    const relabel = () => element.querySelectorAll('[role="menuitem"][aria-label]').forEach((item) => item.removeAttribute('aria-label'));
    const observer = new MutationObserver(relabel);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    let cancelled = false;
    loadRedoc()
      .then((redoc) => {
        if (cancelled || !container.current) return;
        redoc.init(document, REDOC_OPTIONS, container.current, (error) => !cancelled && setState(error ? 'failed' : 'ready'));
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
    };
  }, [document]);

  return (
    <Stack gap="sm">
      {state === 'loading' && (
        <Text c="dimmed" size="sm">
          <Loader size="xs" mr="xs" />
          Loading the reference…
        </Text>
      )}
      {state === 'failed' && (
        <Alert color="red" title="The reference could not be shown">
          Reload the page to try again, or read the contract as JSON with the link above.
        </Alert>
      )}
      <div ref={container} className={classes.reference} data-testid="api-reference" />
    </Stack>
  );
}
