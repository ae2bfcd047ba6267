import { NumberInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { formatCount } from '@/lib/format';
import { useSettings } from '@/lib/settings';
import { useFormSync } from '@/lib/use-form-sync';
import { DEFAULT_VALIDATIONS, MAX_VALIDATIONS_PER_DAY, SETTINGS_MESSAGES, validationsSettingSchema } from '@shared/api/settings';
import { useUpdateSettings } from '../api/settings';
import { fieldErrors, SettingCard } from './setting-card';

/** How many deduction files an organisation may send for validation a day: each is a lookup of every NRC it names. */
export function ValidationsSettings() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const form = useForm<{ per_day: number | string }>({
    initialValues: { per_day: '' },
    validate: (values) => {
      const parsed = validationsSettingSchema.safeParse({ per_day: values.per_day === '' ? undefined : Number(values.per_day) });
      return parsed.success ? {} : fieldErrors(parsed.error.issues);
    },
  });
  const loaded = settings.data?.validations.per_day;
  useFormSync(form, loaded === undefined ? undefined : { per_day: loaded });

  const save = form.onSubmit((values) =>
    update.mutate(
      { validations: { per_day: Number(values.per_day) } },
      { onSuccess: () => notifications.show({ color: 'green', message: SETTINGS_MESSAGES.saved }) },
    ),
  );
  return (
    <SettingCard
      name="validations"
      title="Validations"
      description="How many deduction files (inputs and stoppages) one organisation may send for validation a day (UTC). Each validated file counts as a lookup of every NRC it names; beyond the limit the upload is refused with the time the next may be sent."
      defaults={`Default: ${DEFAULT_VALIDATIONS.per_day} a day.`}
      saveLabel="Save validation limit"
      onSubmit={save}
      update={update}
    >
      <NumberInput
        label="Files a day per organisation"
        description={`1 to ${formatCount(MAX_VALIDATIONS_PER_DAY)}`}
        min={1}
        max={MAX_VALIDATIONS_PER_DAY}
        clampBehavior="none"
        allowDecimal={false}
        w={260}
        {...form.getInputProps('per_day')}
      />
    </SettingCard>
  );
}
