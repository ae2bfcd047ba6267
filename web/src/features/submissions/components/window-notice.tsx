import { Alert } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useSettings } from '@/lib/settings';
import type { DocKind } from '@shared/api/submissions';
import { isMonth } from '@shared/rules/dates';
import { windowNotice } from '@shared/rules/submission-window';

/**
 * Before Validate, says when the chosen month's window has closed — the file will be marked
 * late, or refused when the window is blocking. Onboarding evidence has no window. Nothing while on time
 * or while the settings load (the server decides at Submit either way).
 */
export function WindowNotice({ kind, month }: { kind: DocKind; month: string }) {
  // A register is PMEC's own record: the lenders' submission window does not apply to it.
  const settings = useSettings(kind !== 'onboarding' && kind !== 'register');
  const window = settings.data?.window;
  if (kind === 'onboarding' || kind === 'register' || !window || !isMonth(month)) return null;
  const notice = windowNotice(month, window);
  if (!notice) return null;
  return (
    <Alert
      mt="lg"
      color={window.blocking ? 'red' : 'yellow'}
      variant="light"
      icon={<IconClockExclamation size={18} aria-hidden />}
      role="status"
      py={8}
      data-testid="window-notice"
    >
      {notice}
    </Alert>
  );
}
