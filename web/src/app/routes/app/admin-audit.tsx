import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { PageHeader } from '@/components/ui/page-header';
import { AuditLog } from '@/features/audit/components/audit-log';
import { NrcTrail } from '@/features/audit/components/nrc-trail';
import { screenLabel } from '@/lib/authorization';

/** /admin/audit: super and system admins (the signed-in layout checks the role; the API checks again). */
export default function AdminAuditRoute() {
  const title = screenLabel('/admin/audit');
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return (
    <Stack gap="lg">
      <PageHeader title={title} description="Every change, search and lookup on the platform: who, what, when and how it ended. Append-only." />
      <AuditLog />
      <NrcTrail />
    </Stack>
  );
}
