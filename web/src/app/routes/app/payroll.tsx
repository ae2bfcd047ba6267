import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { PayrollScreen } from '@/features/payroll/components/payroll-screen';
import { screenLabel } from '@/lib/authorization';

/** /payroll: the payroll authority's PMEC admins and platform admins (the signed-in layout checks the role; the API checks the authority). */
export default function PayrollRoute() {
  const title = screenLabel('/payroll');
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return <PayrollScreen title={title} />;
}
