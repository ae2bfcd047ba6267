import { NumberInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useSettings } from '@/lib/settings';
import { useFormSync } from '@/lib/use-form-sync';
import { type Affordability, affordabilitySchema, SETTINGS_MESSAGES } from '@shared/api/settings';
import { useUpdateSettings } from '../api/settings';
import { fieldErrors, SettingCard } from './setting-card';

const toSetting = (share: number | string): Affordability => ({ max_share_of_basic_pay: share === '' ? null : Number(share) });

/** AFFORDABILITY: the share of a borrower's basic pay (the payroll register's) their installments may take. */
export function AffordabilitySettings() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const form = useForm<{ max_share_of_basic_pay: number | string }>({
    initialValues: { max_share_of_basic_pay: '' },
    validate: (values) => {
      const parsed = affordabilitySchema.safeParse(toSetting(values.max_share_of_basic_pay));
      return parsed.success ? {} : fieldErrors(parsed.error.issues);
    },
  });
  const loaded = settings.data?.affordability.max_share_of_basic_pay;
  useFormSync(form, loaded === undefined ? undefined : { max_share_of_basic_pay: loaded ?? '' });

  const save = form.onSubmit((values) =>
    update.mutate(
      { affordability: toSetting(values.max_share_of_basic_pay) },
      { onSuccess: () => notifications.show({ color: 'green', message: SETTINGS_MESSAGES.saved }) },
    ),
  );
  return (
    <SettingCard
      name="affordability"
      title="Affordability"
      description="A lender's row is signalled when the borrower's installments across lenders, with this file's, take more than this share of the basic pay on PMEC's payroll register. It never blocks a file."
      defaults="Default: off (empty)."
      saveLabel="Save affordability"
      onSubmit={save}
      update={update}
    >
      <NumberInput
        label="Share of basic pay (%)"
        description="1 to 100; empty for off"
        min={1}
        max={100}
        clampBehavior="none"
        allowDecimal={false}
        w={200}
        {...form.getInputProps('max_share_of_basic_pay')}
      />
    </SettingCard>
  );
}
