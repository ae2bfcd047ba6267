import { Anchor, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDateTime, kindLabel } from '@/lib/format';
import { ONBOARDING_DOC_LABELS, type OnboardingDoc } from '@shared/api/accounts';
import { type AccessRequestItem, type GrantRole, grantRolesFor } from '@shared/api/admin';
import { roleLabel } from '../utils/role-label';
import type { Decision } from './decision-modal';

export interface AccessRequestsTableProps {
  items: readonly AccessRequestItem[];
  roleToGrant: Record<string, GrantRole>;
  onRoleChange: (id: string, role: GrantRole) => void;
  onPreview: (item: AccessRequestItem) => void;
  onRefreshDocs: (item: AccessRequestItem) => void;
  onDecide: (item: AccessRequestItem, decision: Decision) => void;
  onInspect: (email: string) => void;
}

const STATUS_COLOURS: Record<AccessRequestItem['status'], string> = { pending: 'yellow', approved: 'green', rejected: 'red', removed: 'gray' };
const docNames = (docs: readonly string[]) => docs.map((d) => ONBOARDING_DOC_LABELS[d as OnboardingDoc] ?? d).join(', ');

/** What arrived of the request's documents: the missing ones and the ones that are not PDFs, named. */
function DocStates({ item }: { item: AccessRequestItem }) {
  if (!item.missing_documents.length && !item.not_pdf_documents.length)
    return (
      <Text size="xs" c="dimmed">
        All received
      </Text>
    );
  return (
    <>
      {item.missing_documents.length > 0 && (
        <Text size="xs" fw={600}>
          Missing: {docNames(item.missing_documents)}
        </Text>
      )}
      {item.not_pdf_documents.length > 0 && (
        <Text size="xs" c="red.9">
          Not a PDF: {docNames(item.not_pdf_documents)}
        </Text>
      )}
    </>
  );
}

/** The admin role of the request's kind of organisation: a lender's request is never offered PMEC Admin. */
export const defaultGrant = (item: AccessRequestItem): GrantRole => grantRolesFor(item.client_type)[0]!;

/** Spec §2 "Access Requests": Submitted, Email, Org, Client, Payee Key, Requested Role, Role to Grant, Docs, Action, Inspect. */
export function AccessRequestsTable({ items, roleToGrant, onRoleChange, onPreview, onRefreshDocs, onDecide, onInspect }: AccessRequestsTableProps) {
  return (
    <Table.ScrollContainer minWidth={1180}>
      <Table striped highlightOnHover verticalSpacing="sm" fz="sm">
        <Table.Thead>
          <Table.Tr>
            {['Submitted', 'Email', 'Org', 'Client', 'Payee Key', 'Requested Role', 'Role to Grant', 'Docs', 'Action', 'Inspect'].map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const pending = item.status === 'pending';
            return (
              <Table.Tr key={item.id} data-testid="request-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.created_at)}</Table.Td>
                <Table.Td>
                  {item.email}
                  {item.full_name && (
                    <Text size="xs" c="dimmed">
                      {item.full_name}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {item.granted_org_name || item.org_name || item.existing_org?.org_name || '—'}
                  {item.existing_org && (
                    <Text size="xs" fw={600}>
                      Organisation exists
                    </Text>
                  )}
                  {item.org_id && (
                    <Anchor component={Link} to={`/team?org_id=${item.org_id}`} size="xs" display="block">
                      Team
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>{kindLabel(item.client_type)}</Table.Td>
                <Table.Td>{item.payee_key ?? '—'}</Table.Td>
                <Table.Td>{roleLabel(item.requested_role)}</Table.Td>
                <Table.Td miw={150}>
                  {pending ? (
                    <Select
                      aria-label={`Role to grant to ${item.email}`}
                      size="xs"
                      data={grantRolesFor(item.client_type).map((r) => ({ value: r, label: roleLabel(r) }))}
                      value={roleToGrant[item.id] ?? defaultGrant(item)}
                      onChange={(v) => v && onRoleChange(item.id, v as GrantRole)}
                      allowDeselect={false}
                    />
                  ) : (
                    <Stack gap={2} align="flex-start">
                      <Badge variant="light" color={STATUS_COLOURS[item.status]} tt="none">
                        {item.status}
                      </Badge>
                      {item.role_granted && (
                        <Text size="xs" data-testid="role-granted">
                          Granted: {roleLabel(item.role_granted)}
                        </Text>
                      )}
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={8} wrap="nowrap">
                    <Anchor component="button" type="button" size="sm" onClick={() => onPreview(item)} aria-label={`Preview the documents of ${item.email}`}>
                      Preview
                    </Anchor>
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => onRefreshDocs(item)}
                      aria-label={`Refresh the document links of ${item.email}`}
                    >
                      Refresh
                    </Anchor>
                  </Group>
                  <DocStates item={item} />
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button size="compact-xs" color="green" disabled={!pending} onClick={() => onDecide(item, 'approve')} aria-label={`Approve ${item.email}`}>
                      Approve
                    </Button>
                    <Button
                      size="compact-xs"
                      color="red"
                      variant="light"
                      disabled={!pending}
                      onClick={() => onDecide(item, 'reject')}
                      aria-label={`Reject ${item.email}`}
                    >
                      Reject
                    </Button>
                    {item.status === 'approved' ? (
                      <Button
                        size="compact-xs"
                        color="red"
                        variant="light"
                        onClick={() => onDecide(item, 'remove')}
                        aria-label={`Revoke the access of ${item.email}`}
                      >
                        Revoke
                      </Button>
                    ) : (
                      <Button
                        size="compact-xs"
                        color="gray"
                        variant="light"
                        disabled={item.status === 'removed'}
                        onClick={() => onDecide(item, 'remove')}
                        aria-label={`Remove ${item.email}`}
                      >
                        Remove
                      </Button>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="default" onClick={() => onInspect(item.email)} aria-label={`Inspect ${item.email}`}>
                    Inspect
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
