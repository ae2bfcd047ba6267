import { Box, Button, Container, Group } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { Brand } from '@/components/ui/brand';
import { SkipLink } from '@/components/ui/skip-link';
import { useEmployeeSignOut } from '../hooks/use-employee-session';
import { PORTAL_NAV } from '../portal-nav';
import classes from './portal-layout.module.css';

/**
 * The employee portal's frame, phone first: the brand and "Sign out" on one line, the portal's screens
 * (portal-nav.ts) as links that wrap onto a second line on a narrow screen (none hidden), the screen below.
 */
export function PortalLayout({ children }: { children: ReactNode }) {
  const signOut = useEmployeeSignOut();
  const [leaving, setLeaving] = useState(false);
  const leave = () => {
    setLeaving(true);
    void signOut().finally(() => setLeaving(false));
  };
  return (
    <>
      <SkipLink target="portal-content" />
      <Box component="header" className={classes.header}>
        <Container size="md" py="xs">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Box miw={0} style={{ flex: 1 }}>
              <Brand size="sm" />
            </Box>
            <Button variant="default" size="sm" flex="none" leftSection={<IconLogout size={16} aria-hidden />} onClick={leave} loading={leaving}>
              Sign out
            </Button>
          </Group>
          <nav aria-label="Your portal" className={classes.nav}>
            <ul>
              {PORTAL_NAV.map((entry) => (
                <li key={entry.to}>
                  <NavLink to={entry.to} end className={classes.navLink}>
                    {entry.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </Container>
      </Box>
      <Box component="main" id="portal-content" tabIndex={-1} className={classes.main}>
        <Container size="md" py="lg" px="md">
          {children}
        </Container>
      </Box>
    </>
  );
}
