import { Alert, Button, Card, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { issueMandateRequestSchema, MANDATE_MESSAGES } from '@shared/api/mandates';
import { currentMonth } from '@shared/rules/dates';
import { useGiveMandate, useLenderLookup } from '../api/my-mandates';

type Errors = Partial<Record<'payee_key' | 'max_monthly' | 'last_month', string>>;

/**
 * Give a lender a mandate, in two steps on one card: the lender's code (its name shown back to confirm),
 * then the most it may take a month and the last month. The answer is the number; the PIN goes by SMS only.
 */
export function GiveMandate() {
  const [payeeKey, setPayeeKey] = useState('');
  const [amount, setAmount] = useState<number | string>('');
  const [lastMonth, setLastMonth] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const lender = useLenderLookup();
  const give = useGiveMandate();

  const find = (event: FormEvent) => {
    event.preventDefault();
    give.reset();
    lender.mutate(payeeKey.trim());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = issueMandateRequestSchema.safeParse({
      payee_key: lender.data?.payee_key ?? '',
      max_monthly: typeof amount === 'number' ? amount : Number.NaN,
      last_month: lastMonth ?? '',
    });
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    if (parsed.data.last_month < currentMonth()) return setErrors({ last_month: MANDATE_MESSAGES.lastMonth });
    setErrors({});
    give.mutate(parsed.data, {
      onSuccess: () => {
        lender.reset();
        setPayeeKey('');
        setAmount('');
        setLastMonth(null);
      },
    });
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="give-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="give-title">
          Give a lender your consent
        </Title>
        <Text size="sm">Only if you are taking a loan: the lender cannot start deducting from your pay without this mandate.</Text>
        {give.isSuccess && (
          <Alert
            color="green"
            variant="light"
            icon={<IconCircleCheck size={18} aria-hidden />}
            title="Your mandate number"
            role="status"
            data-testid="mandate-given"
          >
            <Text size="xl" fw={700} ff="monospace" data-testid="mandate-number">
              {give.data.mandate.number}
            </Text>
            <Text size="sm" mt="xs">
              {give.data.message}
            </Text>
          </Alert>
        )}
        <form onSubmit={find} noValidate aria-label="Find the lender">
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Lender’s code (payee key)"
              description="On the loan papers, e.g. A001"
              value={payeeKey}
              onChange={(e) => setPayeeKey(e.currentTarget.value)}
              autoComplete="off"
              style={{ flex: 1 }}
              miw={180}
            />
            <Button type="submit" variant="light" loading={lender.isPending} disabled={!payeeKey.trim()}>
              Find lender
            </Button>
          </Group>
        </form>
        {lender.isError && <ErrorAlert error={lender.error} title="Lender not found" />}
        {lender.isSuccess && (
          <form onSubmit={submit} noValidate aria-label="Give a mandate">
            <Stack gap="sm">
              <Text data-testid="mandate-lender">
                Lender: <strong>{lender.data.org_name}</strong> ({lender.data.payee_key})
              </Text>
              <NumberInput
                label="Most it may deduct a month (ZMW)"
                min={0}
                decimalScale={2}
                thousandSeparator=","
                value={amount}
                onChange={setAmount}
                error={errors.max_monthly}
                inputMode="decimal"
              />
              <MonthPickerInput
                label="Last month of the deduction"
                placeholder="Pick a month"
                value={lastMonth ? `${lastMonth}-01` : null}
                onChange={(v) => setLastMonth(v ? String(v).slice(0, 7) : null)}
                minDate={`${currentMonth()}-01`}
                valueFormat="MMMM YYYY"
                previousLabel="Previous year"
                nextLabel="Next year"
                error={errors.last_month}
              />
              {give.isError && <ErrorAlert error={give.error} title="No mandate given" />}
              <Button type="submit" loading={give.isPending}>
                Give mandate to {lender.data.org_name}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
