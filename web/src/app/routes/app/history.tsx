import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';
import { screenLabel } from '../../../lib/authorization';

export default function HistoryRoute() {
  return <ScreenPlaceholder title={screenLabel('/history')} />;
}
