import { decodeCursor, listAudit, writeAudit } from '#data/audit/log.js';
import { auditSubject, parseAuditSubject } from '#data/audit/subjects.js';
import { BadRequestError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { AUDIT_PAGE_SIZE } from '#shared/api/audit.js';
import * as routes from '#shared/routes/audit.js';

export const handler = createApiHandler(routes.listAudit, async ({ caller: me, query }) => {
  const { cursor, ...typed } = query;
  // A subject as a person types it ('nrc#123456/78/9') reads the trail its writers keyed ('NRC#123456789').
  const filter = typed.subject === undefined ? typed : { ...typed, subject: parseAuditSubject(typed.subject)?.subject ?? typed.subject };
  const position = cursor === undefined ? undefined : decodeCursor(cursor);
  if (position === null) throw new BadRequestError('The page cursor is not valid. Search again.', 'invalid_cursor');
  const page = await listAudit(filter, AUDIT_PAGE_SIZE, position);
  // The log names people and what was done about them: reading it is recorded too.
  await writeAudit({ actor: me, action: 'audit.read', subject: auditSubject.user(me.userId), outcome: 'ok', details: { filter, shown: page.items.length } });
  return page;
});
