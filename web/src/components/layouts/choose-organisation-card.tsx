import { Card, Center, Group, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconBuildingBank, IconChevronRight } from '@tabler/icons-react';
import type { ActingOrganisation } from '@shared/api/accounts';
import classes from './choose-organisation-card.module.css';
import { kindAndRole } from './organisation-switcher';

/**
 * A member of several organisations who has not chosen one yet: which one they act for, asked calmly
 * before any screen shows (every screen's answer depends on it).
 */
export function ChooseOrganisationCard({ organisations, onChoose }: { organisations: readonly ActingOrganisation[]; onChoose: (orgId: string) => void }) {
  return (
    <Center mih="60dvh" p="md">
      <Card
        withBorder
        shadow="sm"
        padding="xl"
        maw={560}
        w="100%"
        component="section"
        aria-labelledby="choose-organisation-title"
        data-testid="choose-organisation"
      >
        <Stack gap="md">
          <Title order={1} size="h3" id="choose-organisation-title">
            Which organisation are you acting for?
          </Title>
          <Text>
            You are a member of {organisations.length} organisations. What you do here — lookups, uploads, reports, your team — is done for the one you choose,
            and others see it under its name.
          </Text>
          <Stack gap="xs" component="ul" className={classes.list} aria-label="Your organisations">
            {organisations.map((org) => (
              <li key={org.org_id}>
                <UnstyledButton className={classes.choice} onClick={() => onChoose(org.org_id)}>
                  <Group gap="sm" wrap="nowrap">
                    <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                      <IconBuildingBank size={18} />
                    </ThemeIcon>
                    <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                      <Text fw={600} truncate="end">
                        {org.org_name}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {kindAndRole(org)}
                      </Text>
                    </Stack>
                    <IconChevronRight size={18} aria-hidden />
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
          <Text size="sm" c="dimmed">
            You can change it at any time with the switcher at the top of the page. This browser remembers your choice.
          </Text>
        </Stack>
      </Card>
    </Center>
  );
}
