import { MonthPickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { notifications } from '@mantine/notifications';
import { IconCalendarMonth } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useSettings } from '@/lib/settings';
import { useFormSync } from '@/lib/use-form-sync';
import { SETTINGS_MESSAGES } from '@shared/api/settings';
import { useUpdateSettings } from '../api/settings';
import { SettingCard } from './setting-card';

/**
 * From which submission month a new deduction without a mandate that covers it blocks the file (a row
 * error) instead of only raising a NO_MANDATE signal. Cleared, mandates are never required.
 */
export function MandatesSettings() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const [month, setMonth] = useState<string | null>(null);
  const loaded = settings.data?.mandates.required_from;
  useFormSync({ setValues: setMonth }, loaded);

  const save = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    update.mutate({ mandates: { required_from: month } }, { onSuccess: () => notifications.show({ color: 'green', message: SETTINGS_MESSAGES.saved }) });
  };
  return (
    <SettingCard
      name="mandates"
      title="Mandates required"
      description="From this submission month on, a new deduction must cite a mandate its employee gave and the lender claimed; a file with one that does not cannot be submitted. Before it, a missing mandate is a NO_MANDATE signal only."
      defaults="Default: not required (signals only)."
      saveLabel="Save mandates"
      onSubmit={save}
      update={update}
    >
      <MonthPickerInput
        label="Required from"
        description="Empty: not required."
        placeholder="Not required"
        clearable
        value={month ? `${month}-01` : null}
        onChange={(value) => setMonth(value ? String(value).slice(0, 7) : null)}
        valueFormat="MMMM YYYY"
        previousLabel="Previous year"
        nextLabel="Next year"
        leftSection={<IconCalendarMonth size={16} aria-hidden />}
        w={220}
      />
    </SettingCard>
  );
}
