import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';
import { screenLabel } from '../../../lib/authorization';

export default function UploadRoute() {
  return <ScreenPlaceholder title={screenLabel('/upload')} />;
}
