import { NumberInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useSettings } from '@/lib/settings';
import { useFormSync } from '@/lib/use-form-sync';
import { DEFAULT_RETENTION, MAX_RETENTION_YEARS, retentionSchema, SETTINGS_MESSAGES } from '@shared/api/settings';
import { useUpdateSettings } from '../api/settings';
import { fieldErrors, SettingCard } from './setting-card';

/** How long a fraud report flags before it expires. */
export function RetentionSettings() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const form = useForm<{ report_years: number | string }>({
    initialValues: DEFAULT_RETENTION,
    validate: (values) => {
      const parsed = retentionSchema.safeParse({ report_years: typeof values.report_years === 'number' ? values.report_years : Number.NaN });
      return parsed.success ? {} : fieldErrors(parsed.error.issues);
    },
  });
  const loaded = settings.data?.retention.report_years;
  useFormSync(form, loaded === undefined ? undefined : { report_years: loaded });

  const save = form.onSubmit((values) =>
    update.mutate(
      { retention: { report_years: Number(values.report_years) } },
      { onSuccess: () => notifications.show({ color: 'green', message: SETTINGS_MESSAGES.saved }) },
    ),
  );
  return (
    <SettingCard
      name="retention"
      title="Fraud report retention"
      description="A fraud report stops flagging this many years after it was filed, and shows as expired in search. Its evidence stays as the bucket policy keeps it."
      defaults={`Default: ${DEFAULT_RETENTION.report_years} years.`}
      saveLabel="Save retention"
      onSubmit={save}
      update={update}
    >
      <NumberInput
        label="Years"
        description={`1 to ${MAX_RETENTION_YEARS}`}
        min={1}
        max={MAX_RETENTION_YEARS}
        clampBehavior="none"
        allowDecimal={false}
        w={160}
        {...form.getInputProps('report_years')}
      />
    </SettingCard>
  );
}
