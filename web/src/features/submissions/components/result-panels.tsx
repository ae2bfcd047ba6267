import { Badge, Card, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SignalsView } from '@/components/ui/signals-view';
import { formatCount } from '@/lib/format';
import { formatIssue, type Issue } from '@shared/rules/issues';
import type { ValidationView } from '../utils/validation-view';

function Panel({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Card>
  );
}

/** Detected columns and the parsed row count. */
export function DataSummaryPanel({ view }: { view: ValidationView | null }) {
  return (
    <Panel title="Data summary">
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={600} mb={6}>
            Detected columns
          </Text>
          {view && view.headers.some(Boolean) ? (
            <Group gap={6} data-testid="detected-columns">
              {view.headers.filter(Boolean).map((header, index) => (
                <Badge key={`${index}-${header}`} variant="light" color="gray" radius="sm" tt="none">
                  {header}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              None yet.
            </Text>
          )}
        </div>
        <Text size="sm">
          <Text span fw={600}>
            Parsed rows:
          </Text>{' '}
          <span data-testid="row-count">{view ? formatCount(view.rowCount) : '—'}</span>
        </Text>
      </Stack>
    </Panel>
  );
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

/** The first 20 data rows (spec §9). */
export function PreviewPanel({ view }: { view: ValidationView | null }) {
  const rows = view?.preview ?? [];
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return (
    <Panel title="Preview">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No preview yet.
        </Text>
      ) : (
        <Stack gap="xs">
          <ScrollArea type="auto" offsetScrollbars>
            <Table striped withTableBorder withColumnBorders highlightOnHover fz="xs" miw={columns.length * 110} data-testid="preview-table">
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  <Table.Tr key={index}>
                    {columns.map((column) => (
                      <Table.Td key={column} style={{ whiteSpace: 'nowrap' }}>
                        {cellText(row[column])}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          <Text size="sm" c="dimmed">{`Showing ${formatCount(rows.length)} of ${formatCount(view?.rowCount ?? rows.length)} rows.`}</Text>
        </Stack>
      )}
    </Panel>
  );
}

function IssueList({
  title,
  color,
  issues,
  total,
  notes = [],
  testId,
}: {
  title: string;
  color: string;
  issues: Issue[];
  total: number;
  notes?: string[];
  testId: string;
}) {
  const all = total + notes.length;
  return (
    <Stack gap={6} data-testid={testId}>
      <Group gap="xs">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Badge color={all ? color : 'gray'} variant={all ? 'filled' : 'light'} radius="sm" aria-label={`${title}: ${all}`}>
          {formatCount(all)}
        </Badge>
      </Group>
      {all === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <>
          <ScrollArea.Autosize mah={280} type="auto">
            <Stack gap={2} component="ul" m={0} pl="md">
              {notes.map((note) => (
                <Text component="li" size="sm" key={note}>
                  {note}
                </Text>
              ))}
              {issues.map((issue, index) => (
                <Text component="li" size="sm" key={index} ff="monospace" fz={13}>
                  {formatIssue(issue)}
                </Text>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          {total > issues.length && (
            <Text
              size="xs"
              c="dimmed"
            >{`Showing the first ${formatCount(issues.length)} of ${formatCount(total)}. Download the CSV report for all of them.`}</Text>
          )}
        </>
      )}
    </Stack>
  );
}

/** Errors block Submit; warnings and fraud flags never do (spec §5). A register has no fraud flags. */
export function ValidationResultsPanel({ view, checking, withFraud = true }: { view: ValidationView | null; checking: boolean; withFraud?: boolean }) {
  const source = !view
    ? null
    : view.source === 'server'
      ? 'Checked on the server'
      : checking
        ? 'Checked in your browser; the server is still checking (fraud flags come from it)'
        : 'Checked in your browser only';
  return (
    <Panel
      title="Validation results"
      aside={
        source && (
          <Text size="xs" c="dimmed">
            {source}
          </Text>
        )
      }
    >
      <Stack gap="lg">
        <IssueList title="Errors" color="red" issues={view?.errors ?? []} total={view?.totals.errors ?? 0} testId="errors-list" />
        <IssueList
          title="Warnings"
          color="yellow"
          issues={view?.warnings ?? []}
          total={view?.totals.warnings ?? 0}
          notes={view?.notes}
          testId="warnings-list"
        />
        {withFraud && (
          <IssueList title="Fraud flags (non-blocking)" color="orange" issues={view?.fraud ?? []} total={view?.totals.fraud ?? 0} testId="fraud-list" />
        )}
      </Stack>
    </Panel>
  );
}

/**
 * Beyond the spec: this file against its payee key's previous month and the borrowers' records. Signals
 * never block, except that while mandates are required for the file's month a new deduction without one
 * is an error too (and its NO_MANDATE signal is red).
 */
export function SignalsPanel({ view, checking, mandatesRequired = false }: { view: ValidationView | null; checking: boolean; mandatesRequired?: boolean }) {
  const aside = mandatesRequired ? 'Never block a submission, except a new deduction without a mandate (an error this month)' : 'Never block a submission';
  return (
    <Panel
      title="Signals"
      aside={
        <Text size="xs" c="dimmed" data-testid="signals-aside">
          {aside}
        </Text>
      }
    >
      {view?.signals ? (
        <SignalsView {...view.signals} mandatesRequired={mandatesRequired} />
      ) : (
        <Text size="sm" c="dimmed">
          {checking ? 'The server compares the file with last month once it has checked it…' : 'Signals appear once the server has validated the file.'}
        </Text>
      )}
    </Panel>
  );
}
