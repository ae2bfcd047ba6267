import { EmployeeHome } from '@/features/employee/components/employee-home';
import { PortalSummary } from '@/features/portal/components/portal-summary';

/** /employee: the greeting and the record (employee feature) around this month and what needs a look (portal feature). */
export default function EmployeeHomeRoute() {
  return (
    <EmployeeHome>
      <PortalSummary />
    </EmployeeHome>
  );
}
