import { Button, Group, Loader, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { formatCount } from '@/lib/format';

/** Refresh for a list query: a spinner while it fetches (not while it loads more). */
export function RefreshButton({ queue }: { queue: { isFetching: boolean; isFetchingNextPage: boolean; isRefetching: boolean; refetch: () => unknown } }) {
  return (
    <Button
      variant="default"
      leftSection={queue.isFetching && !queue.isFetchingNextPage ? <Loader size={14} /> : <IconRefresh size={16} aria-hidden />}
      onClick={() => void queue.refetch()}
      disabled={queue.isFetching}
    >
      {queue.isRefetching && !queue.isFetchingNextPage ? 'Refreshing…' : 'Refresh'}
    </Button>
  );
}

/** How many rows are shown, and Load more while older ones remain. */
export function QueueFooter({ shown, hasMore, loadingMore, onLoadMore }: { shown: number; hasMore: boolean; loadingMore: boolean; onLoadMore: () => void }) {
  return (
    <Group justify="space-between" mih={36}>
      <Text size="sm" c="dimmed">
        {shown > 0 && `Showing ${formatCount(shown)} submission${shown === 1 ? '' : 's'}${hasMore ? '; more are older.' : '.'}`}
      </Text>
      {hasMore && (
        <Button variant="default" onClick={onLoadMore} loading={loadingMore}>
          Load more
        </Button>
      )}
    </Group>
  );
}
