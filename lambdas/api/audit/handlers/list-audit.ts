import { AUDIT_PAGE_SIZE, auditQuerySchema } from '../../../../shared/api/audit.js';
import { decodeCursor, listAudit, writeAudit } from '../../../data/audit.js';
import { BadRequestError } from '../../../lib/errors.js';
import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';

export const handler = createApiHandler('list-audit', async ({ caller, query }) => {
  const me = requireSignedIn(caller);
  const parsed = auditQuerySchema.safeParse(query);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? 'The filters are not valid.', 'validation_failed');
  const { cursor, ...filter } = parsed.data;
  const position = cursor === undefined ? undefined : decodeCursor(cursor);
  if (position === null) throw new BadRequestError('The page cursor is not valid. Search again.', 'invalid_cursor');
  const page = await listAudit(filter, AUDIT_PAGE_SIZE, position);
  // The log names people and what was done about them: reading it is recorded too.
  await writeAudit({ actor: me, action: 'audit.read', subject: `USER#${me.userId}`, outcome: 'ok', details: { filter, shown: page.items.length } });
  return page;
});
