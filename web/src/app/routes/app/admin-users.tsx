import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';
import { screenLabel } from '../../../lib/authorization';

export default function AdminUsersRoute() {
  return <ScreenPlaceholder title={screenLabel('/admin/users')} />;
}
