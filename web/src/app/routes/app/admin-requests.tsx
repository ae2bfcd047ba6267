import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';
import { screenLabel } from '../../../lib/authorization';

export default function AdminRequestsRoute() {
  return <ScreenPlaceholder title={screenLabel('/admin/requests')} />;
}
