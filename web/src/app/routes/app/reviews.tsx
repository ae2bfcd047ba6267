import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';
import { screenLabel } from '../../../lib/authorization';

export default function ReviewsRoute() {
  return <ScreenPlaceholder title={screenLabel('/reviews')} />;
}
