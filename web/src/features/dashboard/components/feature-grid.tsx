import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertOctagon,
  IconCash,
  IconChecklist,
  IconFileCertificate,
  IconFileSpreadsheet,
  IconGavel,
  IconHistory,
  IconReceipt2,
  IconReportAnalytics,
  IconScale,
  IconSearch,
  IconSettings,
  IconShieldLock,
  IconUserPlus,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { SCREENS, type ScreenDef } from '@shared/navigation';
import classes from './feature-grid.module.css';

/** Every screen of the feature grid (shared/navigation.ts): a screen added there without details here does not compile. */
type GridPath = Extract<(typeof SCREENS)[number], { inFeatureGrid: true }>['path'];

const DETAILS: Record<GridPath, { icon: Icon; description: string }> = {
  '/upload': { icon: IconFileSpreadsheet, description: 'Validate and submit monthly inputs, stoppages and onboarding evidence.' },
  '/fraud-report': { icon: IconAlertOctagon, description: 'Report a fraud or scam with evidence.' },
  '/fraud-list': { icon: IconSearch, description: 'Check NRCs against the fraud and scam registry.' },
  '/reports': { icon: IconReportAnalytics, description: 'Your organisation’s submissions, newest first.' },
  '/history': { icon: IconHistory, description: 'A borrower’s deductions over the last 3 months, by NRC.' },
  '/reviews': { icon: IconChecklist, description: 'Review, approve, assign and complete submissions.' },
  '/payroll': { icon: IconReceipt2, description: "The month's payroll schedule per lender, frozen and downloaded for the payroll." },
  '/disputes': { icon: IconGavel, description: 'Deductions an employee says they never agreed to: answer or decide.' },
  '/mandates': { icon: IconFileCertificate, description: 'Claim the mandates employees give you before a first deduction.' },
  '/reconciliation': { icon: IconScale, description: 'What the payroll deducted against the month’s schedule, per lender.' },
  '/remittances': { icon: IconCash, description: 'Each lender’s remittance statement, what arrived and differences resolved.' },
  '/team': { icon: IconUsersGroup, description: 'Invite members and manage their roles.' },
  '/admin': { icon: IconSettings, description: 'Platform totals, users and billing.' },
  '/admin/requests': { icon: IconUserPlus, description: 'Approve or reject access requests.' },
  '/admin/users': { icon: IconShieldLock, description: 'Add and remove system administrators.' },
};

/** The 'All features' link grid; `screens` is already filtered to what the caller may open. */
export function FeatureGrid({ screens }: { screens: readonly ScreenDef[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      {screens.map((screen) => {
        const details = DETAILS[screen.path as GridPath] as (typeof DETAILS)[GridPath] | undefined;
        const FeatureIcon = details?.icon ?? IconFileSpreadsheet;
        return (
          <Card key={screen.path} component={Link} to={screen.path} withBorder padding="lg" radius="md" className={classes.card}>
            <Group gap="md" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                <FeatureIcon size={20} stroke={1.7} />
              </ThemeIcon>
              <Stack gap={2}>
                <Text fw={600}>{screen.label}</Text>
                {details && (
                  <Text size="sm" c="dimmed">
                    {details.description}
                  </Text>
                )}
              </Stack>
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
