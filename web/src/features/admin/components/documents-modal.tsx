import { Anchor, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useRequestDocuments } from '../api/access-requests';

/** The Docs column's Preview: signed links valid 15 minutes; Refresh makes new ones. */
export function DocumentsModal({ request, onClose }: { request: { id: string; email: string } | null; onClose: () => void }) {
  const docs = useRequestDocuments(request?.id ?? null);
  return (
    <Modal opened={request !== null} onClose={onClose} title={<Text fw={600}>Documents · {request?.email}</Text>} centered size="lg">
      <Stack gap="md">
        {docs.error && <ErrorAlert error={docs.error} />}
        {docs.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text c="dimmed">Preparing links…</Text>
          </Group>
        ) : docs.data ? (
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Document</Table.Th>
                <Table.Th>File</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {docs.data.items.map((d) => (
                <Table.Tr key={d.doc}>
                  <Table.Td>{d.label}</Table.Td>
                  <Table.Td>
                    {d.url ? (
                      <Anchor href={d.url} target="_blank" rel="noopener noreferrer" size="sm">
                        <Group gap={4} wrap="nowrap">
                          Open PDF <IconExternalLink size={14} aria-hidden />
                        </Group>
                      </Anchor>
                    ) : d.not_pdf ? (
                      <Text size="sm" c="red.9">
                        Not a PDF: the file uploaded is something else, so it is not opened. Ask the applicant for the real document.
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        Not uploaded
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Links work for {docs.data ? Math.round(docs.data.expires_in / 60) : 15} minutes.
          </Text>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => void docs.refetch()}
              loading={docs.isFetching && !docs.isPending}
            >
              Refresh links
            </Button>
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
