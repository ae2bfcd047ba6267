import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';

export default function SignUpRoute() {
  return <ScreenPlaceholder layout="public" title="Request Access" />;
}
