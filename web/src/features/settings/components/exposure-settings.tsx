import { Group, NumberInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useSettings } from '@/lib/settings';
import { useFormSync } from '@/lib/use-form-sync';
import { DEFAULT_EXPOSURE_LIMITS, exposureLimitsSchema, MAX_LENDER_LIMIT, SETTINGS_MESSAGES } from '@shared/api/settings';
import { useUpdateSettings } from '../api/settings';
import { fieldErrors, SettingCard } from './setting-card';

interface Values {
  max_lenders: number | string;
  /** '' for no amount limit. */
  max_total: number | string;
}

const toLimits = (values: Values) => ({
  max_lenders: typeof values.max_lenders === 'number' ? values.max_lenders : Number.NaN,
  max_total: values.max_total === '' ? null : Number(values.max_total),
});

/**
 * Beyond the spec: the exposure limits that raise an EXPOSURE signal on a file's new and
 * changed deductions. Platform admins change them here; every change is audited by the server.
 */
export function ExposureSettings() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const form = useForm<Values>({
    initialValues: { max_lenders: DEFAULT_EXPOSURE_LIMITS.max_lenders, max_total: '' },
    validate: (values) => {
      const parsed = exposureLimitsSchema.safeParse(toLimits(values));
      return parsed.success ? {} : fieldErrors(parsed.error.issues);
    },
  });
  const loaded = settings.data?.exposure;
  useFormSync(form, loaded && { max_lenders: loaded.max_lenders, max_total: loaded.max_total ?? '' });

  const save = form.onSubmit((values) =>
    update.mutate({ exposure: toLimits(values) }, { onSuccess: () => notifications.show({ color: 'green', message: SETTINGS_MESSAGES.saved }) }),
  );
  return (
    <SettingCard
      name="exposure"
      title="Exposure limits"
      description="The most a borrower may have. A new or changed deduction in a lender's file is flagged when it takes the borrower past the most lenders, or past the most monthly total; at the limit is not flagged. Flags never block a submission."
      defaults={`Defaults: ${DEFAULT_EXPOSURE_LIMITS.max_lenders} lenders, no amount limit.`}
      saveLabel="Save limits"
      onSubmit={save}
      update={update}
    >
      <Group align="flex-start" gap="md" wrap="wrap">
        <NumberInput
          label="Most lenders per borrower"
          description={`A whole number from 1 to ${MAX_LENDER_LIMIT}`}
          min={1}
          max={MAX_LENDER_LIMIT}
          clampBehavior="none"
          allowDecimal={false}
          w={220}
          {...form.getInputProps('max_lenders')}
        />
        <NumberInput
          label="Most monthly total (ZMW)"
          description="Empty for no amount limit"
          min={0}
          clampBehavior="none"
          decimalScale={2}
          thousandSeparator=","
          w={220}
          {...form.getInputProps('max_total')}
        />
      </Group>
    </SettingCard>
  );
}
