import { EMPLOYEE, PUBLIC } from '../access.js';
import { employeeCodeRequestSchema, employeeCodeResponseSchema, employeeMeResponseSchema } from '../api/employee.js';
import { featureRoutes } from './define.js';

/** The employee's own door: a code to the register's mobile, then their session (user pool of employees). */
const route = featureRoutes('employee');

export const requestEmployeeCode = route({
  id: 'request-employee-code',
  method: 'POST',
  path: '/api/employee/code',
  access: PUBLIC,
  uses: { tables: { directory: 'rw', register: 'rq' }, employeePool: 'ucp', sendsSms: true },
  request: employeeCodeRequestSchema,
  response: employeeCodeResponseSchema,
  summary:
    'Texts a sign-in code to the register’s mobile when NRC and employee number match it; the same answer either way. Limits (sliding): codes texted to one NRC (5 an hour, 10 a day; a non-matching request never counts), requests per client address (100 an hour) and per address and NRC (10 an hour); a 429 says when to try again, the same for any pair.',
});

export const getEmployeeMe = route({
  id: 'get-employee-me',
  method: 'GET',
  path: '/api/employee/me',
  access: EMPLOYEE,
  uses: {},
  response: employeeMeResponseSchema,
  summary: 'The signed-in employee as the payroll register named them when their code was sent.',
});

export const EMPLOYEE_ROUTES = [requestEmployeeCode, getEmployeeMe] as const;
