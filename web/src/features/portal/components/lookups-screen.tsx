import { Card, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import { lookupSentence } from '@shared/api/portal';
import { useMyLookups } from '../api/portal';
import { ListState, PortalHeading } from './portal-states';

/** Who looked at the employee's record in the last 12 months (the Data Protection Act 2021 gives them that right). */
export function LookupsScreen() {
  const lookups = useMyLookups();
  const items = lookups.data?.items ?? [];
  return (
    <Stack gap="md">
      <PortalHeading title="Who looked at your record">
        Each time a lender or the platform looked up your NRC, or a lender checked your details in a file, in the last 12 months.
      </PortalHeading>
      <ListState query={lookups} empty={lookups.data?.items.length === 0} what="lookups" />
      {items.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Lookups of your record">
          {items.map((l, i) => (
            <Card key={`${l.at}-${i}`} withBorder radius="md" padding="sm" component="li" data-testid="lookup-item">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600}>{l.organisation}</Text>
                <Text size="sm" c="dimmed">
                  {formatDateTime(l.at)}
                </Text>
              </Group>
              <Text size="sm">{lookupSentence(l.organisation, l.kind)}</Text>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
