import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '@/lib/errors';
import { HISTORY_MESSAGES, historyNrcSchema } from '@shared/api/history';
import { sanitiseNrcInput } from '@shared/rules/nrc';
import { useHistoryLookup } from '../api/get-history';
import { HistoryResult } from './history-result';

/** Spec part 2 §2 "Borrower History": an NRC search form, the borrower's name and the last 3 months. */
export function HistoryLookup() {
  const [nrc, setNrc] = useState('');
  const [invalid, setInvalid] = useState(false);
  const lookup = useHistoryLookup();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = historyNrcSchema.safeParse(nrc);
    setInvalid(!parsed.success);
    // A refused NRC clears the borrower shown before, as Fraud Search does: no one's result stays beside the error.
    if (parsed.success) lookup.mutate(nrc);
    else lookup.reset();
  };

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="md" component="section" aria-label="Look up a borrower">
        <form onSubmit={submit} aria-label="Borrower history lookup" noValidate>
          <Group align="flex-start" gap="sm">
            <TextInput
              label="NRC"
              placeholder="123456/78/9"
              description="At least 6 digits; slashes are ignored."
              value={nrc}
              onChange={(e) => {
                setNrc(sanitiseNrcInput(e.currentTarget.value));
                setInvalid(false);
              }}
              error={invalid ? HISTORY_MESSAGES.invalidNrc : undefined}
              w={260}
              size="md"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              autoComplete="off"
              inputMode="numeric"
              data-autofocus
            />
            <Button type="submit" size="md" mt={27} leftSection={<IconSearch size={16} aria-hidden />} loading={lookup.isPending}>
              Look up
            </Button>
          </Group>
        </form>
      </Card>

      {lookup.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={HISTORY_MESSAGES.lookupFailed} role="alert">
          {errorMessage(lookup.error)}
        </Alert>
      )}

      {lookup.isSuccess && <HistoryResult result={lookup.data} />}

      {lookup.isIdle && (
        <Text c="dimmed" size="sm">
          Enter a borrower’s NRC to see their deductions across all lenders over the last 3 months.
        </Text>
      )}
    </Stack>
  );
}
