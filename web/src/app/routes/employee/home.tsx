import { EmployeeHome } from '@/features/employee/components/employee-home';

export default EmployeeHome;
