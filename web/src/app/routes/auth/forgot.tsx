import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';

export default function ForgotRoute() {
  return <ScreenPlaceholder layout="public" title="Forgot password" />;
}
