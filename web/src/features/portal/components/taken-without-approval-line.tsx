import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatMonth, formatZmw } from '@/lib/format';
import { useMyUnexpected } from '../api/unexpected';

/**
 * Under "You pay in <month>": what the payroll took that month without an approved deduction, which the total (what
 * lenders were approved to take) leaves out. Said plainly, so a total of ZMW 0.00 never reads as nothing taken.
 */
export function TakenWithoutApprovalLine({ month, link }: { month: string; link: boolean }) {
  const items = (useMyUnexpected().data?.items ?? []).filter((item) => item.month === month);
  if (!items.length) return null;
  const total = items.reduce((sum, item) => sum + Math.round(item.amount * 100), 0) / 100;
  return (
    <Text size="sm" mt={4} data-testid="taken-without-approval">
      {`Plus ${formatZmw(total)} taken from your ${formatMonth(month)} pay without an approved deduction. `}
      {link ? (
        <Anchor component={Link} to="/employee/deductions" size="sm">
          See it and report it
        </Anchor>
      ) : (
        'You can report it above.'
      )}
    </Text>
  );
}
