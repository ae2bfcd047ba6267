import { randomUUID } from 'node:crypto';
import { outboxItem, type QueuedEvent } from '#data/notifications/outbox.js';
import { itemBytes } from '../capacity/item-size.js';
import type { Bench, Figure } from './figures.js';

const id = () => randomUUID();
const note = 'x'.repeat(500);

/** One event of each kind as large as the routes let it be (notes and reasons at their caps). */
const EVENTS: QueuedEvent[] = [
  { kind: 'submission.decided', submission_id: id(), status: 'rejected', reason: note },
  { kind: 'submission.assigned', submission_id: id(), assignee_email: 'pmec.admin.with.a.long.name@payroll.gov.zm', assigned_at: new Date().toISOString() },
  { kind: 'dispute.opened', dispute_id: id(), org_id: id(), payee_key: 'C001', month: '2026-03', nrc: '123456/10/1', reason: note },
  {
    kind: 'dispute.decided',
    dispute_id: id(),
    org_id: id(),
    payee_key: 'C001',
    month: '2026-03',
    nrc: '123456/10/1',
    decision: 'upheld',
    note,
    opened_by: 'employee',
  },
  { kind: 'access_request.decided', request_id: id(), decision: 'rejected', note },
  { kind: 'fraud_report.withdrawn', report_id: id(), reason: note, by_email: 'fraud.officer@capacity-bank.co.zm' },
  {
    kind: 'membership.invited',
    org_id: id(),
    org_name: 'Capacity Bank Zambia Limited',
    user_id: id(),
    email: 'new.member@capacity-bank.co.zm',
    role: 'fi_admin',
    invited_at: new Date().toISOString(),
  },
  {
    kind: 'payroll_authority.changed',
    previous: { org_id: id(), org_name: 'PMEC' },
    current: { org_id: id(), org_name: 'PMEC (new)' },
    by_email: 'super.admin@payroll.gov.zm',
    changed_at: new Date().toISOString(),
  },
  { kind: 'mandate.claimed', number: 'M-2026-000123', org_name: 'Capacity Bank Zambia Limited' },
  { kind: 'mandate.used', number: 'M-2026-000123', month: '2026-03' },
];

/** Write request units of one item of `bytes`: a unit a started KB; twice that inside TransactWriteItems. */
const units = (bytes: number) => Math.ceil(bytes / 1024);

/**
 * What the notifications outbox adds to a notifying change, weighed on the code's own items (no twin):
 * one outbox item per change, of each event kind at its largest. Written alone it is one PutItem; written
 * in the change's own TransactWriteItems, DynamoDB charges a transactional write twice.
 */
export const outboxBench: Bench = {
  name: 'outbox',
  async run(): Promise<Figure[]> {
    const sizes = EVENTS.map((event) => itemBytes(outboxItem(event)));
    const largest = Math.max(...sizes);
    return [
      {
        name: 'outbox.item_bytes_max',
        value: largest,
        unit: 'B',
        note: `the largest outbox item of ${EVENTS.length} kinds (notes and reasons of 500 characters)`,
      },
      {
        name: 'outbox.write_units_per_change',
        value: units(largest),
        unit: 'WRU',
        target: { op: '<=', value: 1 },
        note: 'the outbox item a notifying change adds (a standard write: a unit a started KB)',
      },
      {
        name: 'outbox.write_units_per_change_transactional',
        value: 2 * units(largest),
        unit: 'WRU',
        note: "the same item inside the change's TransactWriteItems (DynamoDB bills a transactional write twice); the old S3 job was one PUT request instead",
      },
    ];
  },
};
