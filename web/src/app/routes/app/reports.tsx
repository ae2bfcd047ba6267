import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';
import { screenLabel } from '../../../lib/authorization';

export default function ReportsRoute() {
  return <ScreenPlaceholder title={screenLabel('/reports')} />;
}
