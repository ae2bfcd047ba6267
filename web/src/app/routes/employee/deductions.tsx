import { DeductionsScreen } from '@/features/portal/components/deductions-screen';

export default DeductionsScreen;
