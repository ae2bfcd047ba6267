import { getAccessRequest } from '#data/directory/access-requests.js';
import { listOrgMembers, ORG_ADMIN_ROLES } from '#data/directory/memberships.js';
import { listPlatformAdminRecords } from '#data/directory/platform-admins.js';
import type { NotificationEvent } from '#data/notifications/outbox.js';
import { getSubmission, type SubmissionRecord } from '#data/submissions/submissions.js';

/** The approved admins of an organisation (access pattern "members of an organisation"). */
async function orgAdminEmails(orgId: string | null): Promise<string[]> {
  if (!orgId) return [];
  const members = await listOrgMembers(orgId);
  return members.filter((m) => m.status === 'approved' && ORG_ADMIN_ROLES.includes(m.role)).map((m) => m.email);
}

/** The active platform admins (super and system admins). */
async function platformAdminEmails(): Promise<string[]> {
  const admins = await listPlatformAdminRecords();
  return admins.filter((a) => a.status === 'active').map((a) => a.email);
}

export interface Recipients {
  emails: string[];
  /** Read for the submission events' templates. */
  submission?: SubmissionRecord;
}

const unique = (emails: (string | null | undefined)[]) => [
  ...new Set(emails.filter((e): e is string => Boolean(e?.includes('@'))).map((e) => e.trim().toLowerCase())),
];

/** Who an event goes to, read at send time from the ids it carries. */
export async function recipientsOf(event: NotificationEvent): Promise<Recipients> {
  switch (event.kind) {
    case 'submission.decided': {
      const submission = await getSubmission(event.submission_id);
      if (!submission) return { emails: [] };
      return { emails: unique([submission.submitted_by_email, ...(await orgAdminEmails(submission.org_id))]), submission };
    }
    case 'submission.assigned': {
      const submission = await getSubmission(event.submission_id);
      return { emails: unique([event.assignee_email]), submission: submission ?? undefined };
    }
    case 'dispute.opened':
    case 'dispute.decided':
      return { emails: unique(await orgAdminEmails(event.org_id)) };
    case 'access_request.decided': {
      const request = await getAccessRequest(event.request_id);
      return { emails: unique([request?.email]) };
    }
    case 'fraud_report.withdrawn':
      return { emails: unique(await platformAdminEmails()) };
    case 'payroll_authority.changed': {
      const [platform, previous, current] = await Promise.all([
        platformAdminEmails(),
        orgAdminEmails(event.previous?.org_id ?? null),
        orgAdminEmails(event.current.org_id),
      ]);
      return { emails: unique([...platform, ...previous, ...current]) };
    }
    case 'membership.invited':
      return { emails: unique([event.email]) };
  }
}
