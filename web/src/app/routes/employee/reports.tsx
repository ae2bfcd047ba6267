import { DisputesScreen } from '@/features/portal/components/disputes-screen';

export default DisputesScreen;
