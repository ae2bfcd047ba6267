import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatCount } from '@/lib/format';
import { FRAUD_MESSAGES, LATEST_DEFAULT, MAX_NRCS_PER_REQUEST } from '@shared/api/fraud';
import { extractNrcs } from '@shared/rules/nrc';
import { useFraudSearch } from '../api/use-fraud-search';
import { readSearchFile } from '../utils/text-file';
import { DetectedNrcs } from './detected-nrcs';
import { ResultsPanel } from './results-panel';
import { SearchInputCard } from './search-input-card';

/** Spec §2 "Fraud Search" for the fraud-list roles. */
export function FraudSearchView() {
  const [text, setText] = useState('');
  const [detected, setDetected] = useState<string[]>([]);
  const [source, setSource] = useState<string | null>(null);
  const [inputError, setInputError] = useState<unknown>(null);
  const [readingFile, setReadingFile] = useState(false);
  const results = useFraudSearch();

  /** A search that cannot run clears the last one's results: they answered another list. */
  const refuse = (error: unknown) => {
    setInputError(error);
    results.reset();
  };

  const run = (raw: string, from: string | null) => {
    const nrcs = extractNrcs(raw);
    setDetected(nrcs);
    setSource(from);
    if (nrcs.length === 0) return refuse(new Error(FRAUD_MESSAGES.noNrcs));
    if (nrcs.length > MAX_NRCS_PER_REQUEST) {
      return refuse(new Error(`${formatCount(nrcs.length)} NRCs were found. ${FRAUD_MESSAGES.tooManyNrcs}`));
    }
    setInputError(null);
    results.search(nrcs);
  };

  const readFile = (file: File) => {
    setReadingFile(true);
    readSearchFile(file)
      .then((content) => run(content, file.name))
      .catch((error: unknown) => {
        setDetected([]);
        setSource(null);
        refuse(error);
      })
      .finally(() => setReadingFile(false));
  };

  const reset = () => {
    setText('');
    setDetected([]);
    setSource(null);
    setInputError(null);
    results.reset();
  };

  return (
    <Stack gap="md">
      <SearchInputCard
        text={text}
        onTextChange={setText}
        onSearch={() => run(text, null)}
        onFile={readFile}
        onReset={reset}
        onClear={() => setText('')}
        onLatest={() => {
          setInputError(null);
          void results.loadLatest(LATEST_DEFAULT);
        }}
        latestLimit={LATEST_DEFAULT}
        busy={results.loading && results.mode === 'search'}
        readingFile={readingFile}
      />
      {inputError ? <ErrorAlert error={inputError} /> : null}
      <DetectedNrcs nrcs={detected} />
      {source && (
        <Text size="sm" c="dimmed" mt={-8}>
          Read from {source}.
        </Text>
      )}
      <ResultsPanel state={results} onPrev={results.prev} onNext={results.next} />
    </Stack>
  );
}
