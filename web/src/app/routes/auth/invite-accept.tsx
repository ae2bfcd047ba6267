import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';

export default function InviteAcceptRoute() {
  return <ScreenPlaceholder layout="public" title="Accept invite" />;
}
