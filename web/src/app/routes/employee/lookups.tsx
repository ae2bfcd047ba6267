import { LookupsScreen } from '@/features/portal/components/lookups-screen';

export default LookupsScreen;
