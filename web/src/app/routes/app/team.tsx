import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';
import { screenLabel } from '../../../lib/authorization';

export default function TeamRoute() {
  return <ScreenPlaceholder title={screenLabel('/team')} />;
}
