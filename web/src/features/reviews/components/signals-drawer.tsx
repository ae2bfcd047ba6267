import { Badge, Button, Drawer, Stack, Text, VisuallyHidden } from '@mantine/core';
import { SignalsView } from '@/components/ui/signals-view';
import { formatCount, formatMonth, kindLabel } from '@/lib/format';
import type { SubmissionListItem } from '@shared/api/reviews';
import { attentionCount } from '@shared/rules/signals';

/** What a reviewer should look at first: new deductions, then identity and exposure. */
export function SignalsSummary({ item, onOpen }: { item: SubmissionListItem; onOpen: (item: SubmissionListItem) => void }) {
  const counts = item.signal_counts;
  if (!counts)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  const alerts = attentionCount(counts);
  const changes = counts.new + counts.changed + counts.missing + counts.stoppage_unknown;
  const label = `${item.org_name ?? item.payee_key} ${kindLabel(item.doc_kind)} ${item.upload_month}`;
  // Whole counts, one badge above the other: a four-figure count is never cut to '12…'.
  const whole = { root: { maxWidth: 'none' }, label: { overflow: 'visible' } };
  return (
    <Button variant="subtle" size="compact-sm" onClick={() => onOpen(item)} data-testid="open-signals" h="auto" py={4} px={6}>
      <Stack gap={4} align="flex-start">
        <Badge variant="light" color={changes ? 'blue' : 'gray'} radius="sm" tt="none" styles={whole}>{`${formatCount(counts.new)} new`}</Badge>
        {alerts > 0 && <Badge variant="light" color="red" radius="sm" tt="none" styles={whole}>{`${formatCount(alerts)} to check`}</Badge>}
        <VisuallyHidden>{`: signals of ${label}`}</VisuallyHidden>
      </Stack>
    </Button>
  );
}

/** The /reviews drawer: a submission's signals, so compliance sees its new deductions before approving. */
export function SignalsDrawer({ item, onClose }: { item: SubmissionListItem | null; onClose: () => void }) {
  return (
    <Drawer
      opened={item !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={<Text fw={600}>Signals</Text>}
      closeButtonProps={{ 'aria-label': 'Close signals' }}
    >
      {item?.signal_counts && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {`${item.org_name ?? item.payee_key} · ${kindLabel(item.doc_kind)} · ${formatMonth(item.upload_month, 'short')} · ${item.file_name}`}
          </Text>
          <SignalsView uploadId={item.id} payeeKey={item.payee_key} counts={item.signal_counts} baseline={item.signal_baseline} />
        </Stack>
      )}
    </Drawer>
  );
}
