import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFileSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { nrcAuditCsv } from '@shared/api/audit';
import { isValidNrc, sanitiseNrcInput } from '@shared/rules/nrc';
import { useNrcTrail } from '../api/audit';
import { AuditTable } from './audit-table';

function downloadCsv(text: string, fileName: string) {
  // A BOM so that Excel reads the text as UTF-8; cells were neutralised against formulas by nrcAuditCsv.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const anchor = Object.assign(document.createElement('a'), { href: url, download: fileName, rel: 'noopener' });
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** A data subject's request: who looked an NRC up and who reported it, on screen and as CSV. */
export function NrcTrail() {
  const [nrc, setNrc] = useState('');
  const [touched, setTouched] = useState(false);
  const trail = useNrcTrail();
  const invalid = touched && nrc !== '' && !isValidNrc(nrc);
  const data = trail.data;
  const all = data ? [...data.lookups, ...data.reports, ...data.other].sort((a, b) => b.ts.localeCompare(a.ts)) : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (isValidNrc(nrc)) trail.mutate(nrc);
  };

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="nrc-trail-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="nrc-trail-title">
            Export one person's trail
          </Title>
          <Text size="sm" c="dimmed">
            For a data subject's request under the Data Protection Act 2021: every lookup of the NRC and every fraud report about it. The export is recorded
            too.
          </Text>
        </Stack>
        <form onSubmit={submit} aria-label="NRC trail">
          <Group align="flex-end" gap="sm">
            <TextInput
              label="NRC"
              placeholder="123456/78/9"
              value={nrc}
              onChange={(e) => setNrc(sanitiseNrcInput(e.currentTarget.value))}
              onBlur={() => setTouched(true)}
              error={invalid ? 'Enter an NRC like 123456/78/9.' : undefined}
              w={220}
            />
            <Button type="submit" leftSection={<IconFileSearch size={16} />} loading={trail.isPending} disabled={nrc === ''}>
              Show trail
            </Button>
          </Group>
        </form>
        {trail.isError && <ErrorAlert error={trail.error} />}
        {data && (
          <Stack gap="sm">
            <Group justify="space-between">
              <Group gap="xs">
                <Badge variant="light" tt="none">
                  {count(data.lookups.length, 'lookup')}
                </Badge>
                <Badge variant="light" color="red" tt="none">
                  {count(data.reports.length, 'report')}
                </Badge>
                <Badge variant="light" color="gray" tt="none">
                  {data.other.length} other
                </Badge>
              </Group>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() => downloadCsv(nrcAuditCsv(data), `audit-${data.nrc.replace(/\//g, '-')}.csv`)}
              >
                Download CSV
              </Button>
            </Group>
            <AuditTable items={all} caption={`Trail of NRC ${data.nrc}, newest first`} />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
