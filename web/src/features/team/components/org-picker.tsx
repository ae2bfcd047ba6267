import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { TEAM_MESSAGES } from '@shared/api/team';
import { isUuid } from '@shared/ids';

/** Spec §2 "Team Management": platform admins enter an Org ID (a UUID) and Load. */
export function OrgPicker({ current, loading, onLoad }: { current: string | null; loading: boolean; onLoad: (orgId: string) => void }) {
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const orgId = value.trim();
    if (!isUuid(orgId)) return setError(TEAM_MESSAGES.invalidOrgId);
    setError(null);
    onLoad(orgId.toLowerCase());
  };
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Choose an organisation">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Org ID"
              description="The organisation's ID, e.g. 3f2b6c1e-8a4d-4f0b-9c2e-7d5a1b3c9e21"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={error}
              w={{ base: '100%', sm: 420 }}
              autoComplete="off"
              spellCheck={false}
            />
            <Button type="submit" mt={{ base: 0, sm: 46 }} loading={loading}>
              Load
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            As a platform administrator you manage any organisation by its ID.
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
