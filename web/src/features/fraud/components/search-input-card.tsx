import { Button, Card, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconFileUpload, IconHistory, IconSearch } from '@tabler/icons-react';
import { useRef } from 'react';
import { SEARCH_FILE_MAX_BYTES } from '../utils/text-file';

export interface SearchInputCardProps {
  text: string;
  onTextChange: (text: string) => void;
  onSearch: () => void;
  onFile: (file: File) => void;
  onReset: () => void;
  onClear: () => void;
  onLatest: () => void;
  latestLimit: number;
  busy: boolean;
  readingFile: boolean;
}

/** Spec §2 "Fraud Search": paste box with 'Extract & Search', .txt/.csv upload, Reset, Clear and 'Load latest (N)'. */
export function SearchInputCard({ text, onTextChange, onSearch, onFile, onReset, onClear, onLatest, latestLimit, busy, readingFile }: SearchInputCardProps) {
  const resetFile = useRef<() => void>(null);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Textarea
          label="NRCs to search"
          description="Paste any text: NRCs like 123456/78/9 or 9–11 digit numbers are picked out, checked and de-duplicated."
          placeholder={'e.g.\n123456/78/9\nMwila Banda 2345678219, Chanda 345678/12/1'}
          autosize
          minRows={5}
          maxRows={12}
          value={text}
          onChange={(e) => onTextChange(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) onSearch();
          }}
          size="md"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Button onClick={onSearch} leftSection={<IconSearch size={16} aria-hidden />} loading={busy} disabled={!text.trim()}>
              Extract &amp; Search
            </Button>
            <FileButton
              resetRef={resetFile}
              accept=".txt,.csv,text/plain,text/csv"
              onChange={(file) => {
                if (file) onFile(file);
                resetFile.current?.();
              }}
            >
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconFileUpload size={16} aria-hidden />} loading={readingFile}>
                  Upload .txt or .csv
                </Button>
              )}
            </FileButton>
            <Button variant="default" onClick={onLatest} leftSection={<IconHistory size={16} aria-hidden />}>
              Load latest ({latestLimit})
            </Button>
          </Group>
          <Group gap="sm">
            <Button variant="subtle" color="gray" onClick={onClear} disabled={!text}>
              Clear
            </Button>
            <Button variant="subtle" color="gray" onClick={onReset}>
              Reset
            </Button>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          Clear empties the box; Reset also clears the detected NRCs and results. Files up to {SEARCH_FILE_MAX_BYTES / 1024 / 1024} MB; up to 100,000 NRCs per
          search. Ctrl+Enter searches.
        </Text>
      </Stack>
    </Card>
  );
}
