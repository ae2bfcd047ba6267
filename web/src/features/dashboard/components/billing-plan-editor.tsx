import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCheck, IconSearch } from '@tabler/icons-react';
import { type FormEvent, Suspense, lazy, useState } from 'react';
import { ErrorAlert } from '@/components/ui/error-alert';
import { formatZmw } from '@/lib/format';
import { billingPlanRequestSchema, type BillingPlan, type BillingPlanRequest, type OrganisationBillingResponse, type PricingKind } from '@shared/api/dashboard';
import { useFindBillingOrganisation, useSetBillingPlan } from '../api/billing-plans';

/** The pricing fields (a number input and its formatting library) load once an organisation is found. */
const BillingPlanPricing = lazy(() => import('./billing-plan-pricing'));

interface PlanFields {
  plan_name: string;
  pricing: PricingKind;
  /** One amount field, read as the price per upload or the flat fee by the pricing chosen. */
  amount: number | string;
}

/** The request the fields make (an amount not typed is no number, which the schema says). */
const requestOf = ({ plan_name, pricing, amount }: PlanFields) => {
  const value = typeof amount === 'number' ? amount : Number.NaN;
  return pricing === 'flat' ? { plan_name, pricing, flat_fee: value } : { plan_name, pricing, price_per_upload: value };
};
const checkPlan = schemaResolver(billingPlanRequestSchema, { sync: true });

const planLine = (plan: BillingPlan) =>
  `${plan.plan_name}: ${plan.pricing === 'flat' ? `flat fee ${formatZmw(plan.flat_fee)} a month` : `${formatZmw(plan.price_per_upload)} per upload`}`;

/** Platform admins: set an organisation's billing plan so its dashboard shows real figures. */
export function BillingPlanEditor() {
  const [q, setQ] = useState('');
  const form = useForm<PlanFields, BillingPlanRequest>({
    initialValues: { plan_name: '', pricing: 'per_upload', amount: '' },
    // The shared request schema decides; its messages land on the fields the person typed.
    validate: (fields) => checkPlan(requestOf(fields)),
    transformValues: (fields) => billingPlanRequestSchema.parse(requestOf(fields)),
  });
  const find = useFindBillingOrganisation();
  const save = useSetBillingPlan();
  const org: OrganisationBillingResponse | undefined = save.data?.organisation.org_id === find.data?.organisation.org_id ? (save.data ?? find.data) : find.data;
  const amountError = form.errors.price_per_upload ?? form.errors.flat_fee;

  const onFind = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    find.mutate(q.trim(), {
      onSuccess: ({ plan }) => {
        form.setValues({
          plan_name: plan?.plan_name ?? '',
          pricing: plan?.pricing ?? 'per_upload',
          amount: (plan?.pricing === 'flat' ? plan.flat_fee : plan?.price_per_upload) ?? '',
        });
        form.clearErrors();
      },
    });
  };

  const onSave = form.onSubmit((plan) => org && save.mutate({ orgId: org.organisation.org_id, plan }));

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="billing-editor-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} size="h5" id="billing-editor-title">
            Set an organisation’s billing plan
          </Title>
          <Text size="sm" c="dimmed">
            Find the organisation by payee key or organisation ID, then set a price per upload or a flat monthly fee.
          </Text>
        </Stack>
        <form onSubmit={onFind} aria-label="Find organisation">
          <Group align="flex-end" gap="sm">
            <TextInput label="Payee key or organisation ID" value={q} onChange={(e) => setQ(e.currentTarget.value)} w={320} autoComplete="off" />
            <Button type="submit" variant="default" size="md" leftSection={<IconSearch size={16} aria-hidden />} loading={find.isPending} disabled={!q.trim()}>
              Find
            </Button>
          </Group>
        </form>
        {find.isError && <ErrorAlert error={find.error} />}
        {org && (
          <form onSubmit={onSave} aria-label="Billing plan">
            <Stack gap="sm">
              <Text size="sm" data-testid="billing-editor-org">
                <Text span fw={600}>
                  {org.organisation.org_name}
                </Text>{' '}
                · payee key {org.organisation.payee_key ?? '—'} · {org.organisation.client_type.toUpperCase()}
                <br />
                <Text span c="dimmed">
                  {org.plan ? `Current plan — ${planLine(org.plan)}` : 'No plan yet: its dashboard reads “Billing not configured”.'}
                </Text>
              </Text>
              <Group align="flex-start" gap="md" wrap="wrap">
                <TextInput label="Plan name" w={220} {...form.getInputProps('plan_name')} />
                <Suspense fallback={null}>
                  <BillingPlanPricing
                    pricing={form.values.pricing}
                    onPricing={(pricing) => form.setFieldValue('pricing', pricing)}
                    pricingError={form.errors.pricing}
                    amount={form.values.amount}
                    onAmount={(amount) => form.setFieldValue('amount', amount)}
                    amountError={amountError}
                  />
                </Suspense>
              </Group>
              <Group>
                <Button type="submit" loading={save.isPending}>
                  Save plan
                </Button>
              </Group>
              {save.isError && <ErrorAlert error={save.error} />}
              {save.isSuccess && save.data.plan && (
                <Alert color="teal" variant="light" icon={<IconCheck size={18} />} role="status">
                  Saved. {save.data.organisation.org_name} is on {planLine(save.data.plan)}.
                </Alert>
              )}
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
