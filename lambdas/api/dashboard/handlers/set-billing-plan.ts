import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { putBillingPlan } from '#data/directory/billing-plans.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/dashboard.js';
import { organisationNamed } from '../organisation-named.js';
import { organisationPlanView, planView, toNgwee } from '../views.js';

/**
 * PUT /api/admin/billing/{org_id}: super and system admins set an organisation's plan — a name and
 * either a price per upload or a flat monthly fee, in ZMW (the route's schema has checked both are
 * positive with at most 2 decimals). Setting it again replaces it; the entry names the old and new plan.
 */
export const handler = createApiHandler(routes.setBillingPlan, async ({ caller: me, body, params }) => {
  const org = await organisationNamed(params.org_id);
  const plan = {
    org_id: org.org_id,
    org_name: org.org_name,
    payee_key: org.payee_key ?? null,
    plan_name: body.plan_name,
    pricing: body.pricing,
    price_per_upload_ngwee: body.pricing === 'per_upload' ? toNgwee(body.price_per_upload) : null,
    flat_fee_ngwee: body.pricing === 'flat' ? toNgwee(body.flat_fee) : null,
    currency: 'ZMW' as const,
    updated_at: new Date().toISOString(),
    updated_by: me.userId,
    updated_by_email: me.email,
  };
  const previous = await putBillingPlan(plan);
  await writeAudit({
    actor: me,
    org_id: org.org_id,
    action: 'billing.plan_set',
    subject: auditSubject.organisation(org.org_id),
    outcome: 'ok',
    details: { payee_key: org.payee_key, plan: planView(plan), previous: planView(previous) },
  });
  return organisationPlanView(org, plan);
});
