import { Group, NumberInput, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useSettings } from '@/lib/settings';
import { useFormSync } from '@/lib/use-form-sync';
import { SETTINGS_MESSAGES, submissionWindowSchema } from '@shared/api/settings';
import { DEFAULT_SUBMISSION_WINDOW } from '@shared/rules/submission-window';
import { useUpdateSettings } from '../api/settings';
import { fieldErrors, SettingCard } from './setting-card';

interface Values {
  open_day: number | string;
  close_day: number | string;
  blocking: boolean;
}

const day = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);
const toWindow = (values: Values) => ({ open_day: day(values.open_day), close_day: day(values.close_day), blocking: values.blocking });

/** When a month's inputs and stoppages are due, and whether a late file is marked or refused. */
export function WindowSettings() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const form = useForm<Values>({
    initialValues: DEFAULT_SUBMISSION_WINDOW,
    validate: (values) => {
      const parsed = submissionWindowSchema.safeParse(toWindow(values));
      return parsed.success ? {} : fieldErrors(parsed.error.issues);
    },
  });
  const loaded = settings.data?.window;
  useFormSync(form, loaded && { open_day: loaded.open_day, close_day: loaded.close_day, blocking: loaded.blocking });

  const save = form.onSubmit((values) =>
    update.mutate({ window: toWindow(values) }, { onSuccess: () => notifications.show({ color: 'green', message: SETTINGS_MESSAGES.saved }) }),
  );
  return (
    <SettingCard
      name="window"
      title="Submission window"
      description="The days of the submission month, Africa/Lusaka time, when inputs and stoppages files are due. A file submitted after the window closes is marked late, or refused when the window is blocking."
      defaults="Default: the 1st to the 5th, late files accepted and marked."
      saveLabel="Save window"
      onSubmit={save}
      update={update}
    >
      <Group align="flex-start" gap="md" wrap="wrap">
        <NumberInput
          label="Opens on day"
          description="1 to 28"
          min={1}
          max={28}
          clampBehavior="none"
          allowDecimal={false}
          w={160}
          {...form.getInputProps('open_day')}
        />
        <NumberInput
          label="Closes on day"
          description="To 31: the month's last day at most"
          min={1}
          max={31}
          clampBehavior="none"
          allowDecimal={false}
          w={220}
          {...form.getInputProps('close_day')}
        />
      </Group>
      <Switch
        mt="md"
        label="Refuse late submissions"
        description="Off: a late file is accepted and marked late. On: Submit refuses it and nothing is stored."
        {...form.getInputProps('blocking', { type: 'checkbox' })}
      />
    </SettingCard>
  );
}
