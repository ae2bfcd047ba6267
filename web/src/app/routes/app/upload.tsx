import { useDocumentTitle } from '@mantine/hooks';
import { BRAND_NAME } from '@/components/ui/brand';
import { SubmissionsScreen } from '@/features/submissions/components/submissions-screen';
import { screenLabel } from '@/lib/authorization';

export default function UploadRoute() {
  const title = screenLabel('/upload');
  useDocumentTitle(`${title} · ${BRAND_NAME}`);
  return <SubmissionsScreen title={title} />;
}
