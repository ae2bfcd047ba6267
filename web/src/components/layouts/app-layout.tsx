import { AppShell, Button, Container, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconMenu2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Brand } from '@/components/ui/brand';
import { SkipLink } from '@/components/ui/skip-link';
import { normalisePath } from '@shared/navigation';
import classes from './app-layout.module.css';

export interface MenuItemDef {
  path: string;
  label: string;
}

export interface AppLayoutProps {
  email: string;
  /** Already filtered to what the caller may open. */
  menuItems: readonly MenuItemDef[];
  homePath: string;
  onLogout: () => void;
  loggingOut?: boolean;
  /** The wider frame, for screens with wide tables. */
  wide?: boolean;
  /** The organisation switcher, for a caller who may act for more than one. */
  switcher?: ReactNode;
  children: ReactNode;
}

/** The signed-in frame: top bar with brand, email and menu (spec part 2 §2 "Top bar and menu"). */
export function AppLayout({ email, menuItems, homePath, onLogout, loggingOut = false, wide = false, switcher, children }: AppLayoutProps) {
  const size = wide ? 'xl' : 'lg';
  const current = normalisePath(useLocation().pathname);
  return (
    // With a switcher the header has a second row on a phone (app-layout.module.css).
    <AppShell header={{ height: switcher ? { base: 108, sm: 60 } : 60 }} padding={0}>
      <SkipLink target="main-content" />
      <AppShell.Header className={classes.header}>
        <Container size={size} h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm" className={switcher ? classes.headerRows : undefined}>
            <UnstyledButton component={Link} to={homePath} className={classes.brandLink} aria-label="Payroll Deductions Platform, home">
              <Brand size="sm" />
            </UnstyledButton>
            {switcher}
            <Group gap="md" wrap="nowrap" miw={0} className={classes.headerEnd}>
              <Text size="sm" c="dimmed" truncate="end" maw={260} visibleFrom="sm" data-testid="user-email" title={email}>
                {email}
              </Text>
              <Menu position="bottom-end" width={240} shadow="md" withinPortal>
                <Menu.Target>
                  <Button variant="default" leftSection={<IconMenu2 size={16} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />}>
                    Menu
                  </Button>
                </Menu.Target>
                {/* On a short phone screen the list scrolls inside the dropdown: no item falls off the screen. */}
                <Menu.Dropdown mah="calc(100dvh - 72px)" style={{ overflowY: 'auto' }} maw="calc(100vw - 16px)">
                  <Menu.Label hiddenFrom="sm">{email}</Menu.Label>
                  {menuItems.map((item) => (
                    <Menu.Item
                      key={item.path}
                      component={Link}
                      to={item.path}
                      aria-current={current === item.path ? 'page' : undefined}
                      className={classes.menuItem}
                    >
                      {item.label}
                    </Menu.Item>
                  ))}
                  {menuItems.length > 0 && <Menu.Divider />}
                  <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout} disabled={loggingOut}>
                    Logout
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <Container size={size} py="xl">
          {children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
