import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';
import { screenLabel } from '../../../lib/authorization';

export default function FraudListRoute() {
  return <ScreenPlaceholder title={screenLabel('/fraud-list')} />;
}
