import { keepOldMobiles, OLD_MOBILES_PER_WRITE } from '#data/employee-sign-in/old-mobiles.js';
import { type RegisterJob, streamMobileChanges } from '#data/register/ingestion.js';
import { jsonArrayBatches } from '#lib/json-array.js';
import { logger } from '#lib/powertools.js';
import type { MobileChange } from '#shared/rules/register-difference.js';

/** Changed mobiles one outbox item texts (the sender texts them one after another), kept with it in one transaction. */
const TEXTS_PER_JOB = OLD_MOBILES_PER_WRITE;

/**
 * Once an approved register is current: each employee whose mobile it changed keeps their old mobile for
 * sign-in (lambdas/data/employee-sign-in/old-mobiles.ts, from the approval's time) and is texted at it, in outbox items of
 * TEXTS_PER_JOB numbered by position, each written in one transaction with its old mobiles, so a replay
 * writes the same items (each text is sent once: the sender's per-recipient marker).
 */
export async function announceMobileChanges(job: RegisterJob): Promise<void> {
  const body = await streamMobileChanges(job.upload_id);
  if (!body) {
    logger.warn('No changed mobiles recorded for this register', { uploadId: job.upload_id });
    return;
  }
  let batch = 0;
  let group: MobileChange[] = [];
  const send = async () => {
    const changes = group.map((c) => ({ to: c.old_mobile, new_mobile: c.new_mobile }));
    await keepOldMobiles(group, job.uploaded_at, { kind: 'register.mobile_changed', version: job.upload_id, batch: batch++, changes });
    group = [];
  };
  for await (const changes of jsonArrayBatches<MobileChange>(body)) {
    for (const change of changes) {
      group.push(change);
      if (group.length === TEXTS_PER_JOB) await send();
    }
  }
  if (group.length) await send();
}
