import { describe, expect, it } from 'vitest';
import type { MeResponse } from '#shared/api/accounts.js';
import { keepsRegister } from '../../web/src/features/submissions/utils/register-keeper.js';

/** Whether /upload offers the payroll register's file kind: a PMEC admin of the organisation the person acts for. */

type Membership = MeResponse['memberships'][number];
const member = (org_id: string, client_type: Membership['client_type'], role: Membership['role'], status: Membership['status'] = 'approved'): Membership => ({
  org_id,
  org_name: org_id,
  client_type,
  payee_key: null,
  role,
  status,
});
const PMEC_ADMIN = member('pmec-1', 'pmec', 'pmec_admin');
const FI_ADMIN = member('bank-1', 'fi', 'fi_admin');

const CASES: [string, Membership[], string | null, boolean][] = [
  ['a PMEC admin of their only organisation', [PMEC_ADMIN], null, true],
  ['a PMEC admin acting for that PMEC organisation', [PMEC_ADMIN, FI_ADMIN], 'pmec-1', true],
  ['a PMEC admin acting for their bank', [PMEC_ADMIN, FI_ADMIN], 'bank-1', false],
  ['a lender admin', [FI_ADMIN], null, false],
  ['a PMEC admin whose membership is pending', [member('pmec-1', 'pmec', 'pmec_admin', 'pending')], null, false],
  ['a compliance member of a PMEC organisation', [member('pmec-1', 'pmec', 'compliance')], null, false],
  ['a "PMEC Admin" of a lender (a role its kind does not hold)', [member('bank-1', 'fi', 'pmec_admin')], null, false],
  ['no organisation at all', [], null, false],
];

describe('keepsRegister', () => {
  it.each(CASES)('%s', (_who, memberships, acting_org_id, offered) => {
    expect(keepsRegister({ memberships, acting_org_id })).toBe(offered);
  });
});
