import { AUDIT_PAGE_SIZE } from '../../../../shared/api/audit.js';
import { decodeCursor, listAudit, writeAudit } from '../../../data/audit/log.js';
import { BadRequestError } from '../../../http/errors.js';
import { createApiHandler } from '../../../http/handler.js';
import * as routes from '../../../../shared/routes/audit.js';

export const handler = createApiHandler(routes.listAudit, async ({ caller: me, query }) => {
  const { cursor, ...filter } = query;
  const position = cursor === undefined ? undefined : decodeCursor(cursor);
  if (position === null) throw new BadRequestError('The page cursor is not valid. Search again.', 'invalid_cursor');
  const page = await listAudit(filter, AUDIT_PAGE_SIZE, position);
  // The log names people and what was done about them: reading it is recorded too.
  await writeAudit({ actor: me, action: 'audit.read', subject: `USER#${me.userId}`, outcome: 'ok', details: { filter, shown: page.items.length } });
  return page;
});
