import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';
import { screenLabel } from '../../../lib/authorization';

export default function FraudReportRoute() {
  return <ScreenPlaceholder title={screenLabel('/fraud-report')} />;
}
