import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatCount } from '@/lib/format';

/** Showing every NRC of a 100,000-line paste would freeze the page; the count is always exact. */
const SHOWN = 60;

/** Spec §2: the list of detected NRCs with its count. */
export function DetectedNrcs({ nrcs }: { nrcs: readonly string[] }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="detected-nrcs-title">
      <Stack gap="xs">
        <Title order={2} size="h5" id="detected-nrcs-title">
          Detected NRCs{' '}
          <Text span c="dimmed" fw={500} data-testid="detected-count">
            ({formatCount(nrcs.length)})
          </Text>
        </Title>
        {nrcs.length === 0 ? (
          <Text size="sm" c="dimmed">
            None yet. Paste text or upload a file, then choose Extract &amp; Search.
          </Text>
        ) : (
          <Group gap={6} data-testid="detected-nrcs">
            {nrcs.slice(0, SHOWN).map((nrc) => (
              <Badge key={nrc} variant="light" color="gray" radius="sm" tt="none" size="lg" ff="monospace">
                {nrc}
              </Badge>
            ))}
            {nrcs.length > SHOWN && (
              <Text size="sm" c="dimmed">
                and {formatCount(nrcs.length - SHOWN)} more
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
