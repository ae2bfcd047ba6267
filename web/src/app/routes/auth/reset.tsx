import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';

export default function ResetRoute() {
  return <ScreenPlaceholder layout="public" title="Create a new password" />;
}
