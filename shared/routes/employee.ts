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
  uses: { tables: ['directory', 'audit', 'register'], employeePool: true, sendsSms: true },
  request: employeeCodeRequestSchema,
  response: employeeCodeResponseSchema,
  summary: 'Texts a sign-in code to the register’s mobile when NRC and employee number match it; the same answer either way (rate-limited per NRC and per client).',
});

export const getEmployeeMe = route({
  id: 'get-employee-me',
  method: 'GET',
  path: '/api/employee/me',
  access: EMPLOYEE,
  uses: { tables: ['directory'] },
  response: employeeMeResponseSchema,
  summary: 'The signed-in employee as the payroll register named them when their code was sent.',
});

export const EMPLOYEE_ROUTES = [requestEmployeeCode, getEmployeeMe] as const;
