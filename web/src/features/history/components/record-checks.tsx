import { Alert, Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import { formatZmw } from '@/lib/format';
import type { HistoryResponse } from '@shared/api/history';

/** Beyond the spec: the identity mismatches and the exposure on the borrower's record. */
export function RecordChecks({ record }: { record: HistoryResponse['record'] }) {
  const { exposure } = record;
  const limits = `Most allowed: ${exposure.limits.max_lenders} lenders${exposure.limits.max_total === null ? '' : ` or ${formatZmw(exposure.limits.max_total)} a month`}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby="record-checks" data-testid="record-checks">
      <Title order={3} size="h5" id="record-checks">
        Record checks
      </Title>
      <Group gap="xs">
        <Text size="sm" data-testid="record-exposure">
          {`Exposure this month: ${exposure.lenders} ${exposure.lenders === 1 ? 'lender deducts' : 'lenders deduct'} ${formatZmw(exposure.total)} a month.`}
        </Text>
        {exposure.limit === 'over' ? (
          <Badge color="red" variant="light" radius="sm" tt="none" data-testid="record-limit">{`Over the limit · ${limits}`}</Badge>
        ) : exposure.limit === 'at' ? (
          <Badge color="yellow" variant="light" radius="sm" tt="none" data-testid="record-limit">{`At the limit · ${limits}`}</Badge>
        ) : (
          <Text size="xs" c="dimmed">
            {limits}
          </Text>
        )}
      </Group>
      {record.identity.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="record-identity-ok">
          The identity on record agrees across every submission.
        </Text>
      ) : (
        <Alert color="orange" variant="light" title="Identity mismatches on record" data-testid="record-identity">
          <List size="sm" spacing={2}>
            {record.identity.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
