import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { PageHeader } from '@/components/ui/page-header';
import { HistoryLookup } from '@/features/history/components/history-lookup';
import { screenLabel } from '@/lib/authorization';

/** /history: every approved user (spec part 2 §2 "Borrower History"); the API checks again and audits each lookup. */
export default function HistoryRoute() {
  const title = screenLabel('/history');
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        description="A borrower’s deductions across all lenders over the last 3 months, to guard against over-indebtedness. Every lookup is recorded."
      />
      <HistoryLookup />
    </Stack>
  );
}
