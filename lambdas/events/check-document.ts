import type { S3Event } from 'aws-lambda';
import { readObjectStart } from '#adapters/s3-objects.js';
import { markDocumentState } from '#data/directory/access-requests.js';
import { createEventHandler } from '#lib/event-handler.js';
import { logger } from '#lib/powertools.js';
import { ONBOARDING_DOCS, type OnboardingDoc } from '#shared/api/accounts.js';
import { UUID_PATTERN } from '#shared/ids.js';
import { matchesSignature, SIGNATURE_BYTES } from '#shared/rules/file-signature.js';
import { objectKey } from './s3-records.js';

const DOCS: readonly string[] = [...ONBOARDING_DOCS.fi, ...ONBOARDING_DOCS.pmec];
const REQUEST_DOC = new RegExp(`^requests/(${UUID_PATTERN})/([a-z_]+)\\.pdf$`);

/**
 * S3 trigger on `requests/` in the onboarding bucket: each document, as it lands, is recorded on its
 * access request, as a PDF or as not a PDF (its first bytes are not `%PDF-`: the browser's declared
 * type proves nothing). So the request says truthfully which documents arrived, and the admin sees a
 * missing or false one. Delivered at least once: marking twice writes the same state.
 */
export const handler = createEventHandler(async (event: S3Event): Promise<void> => {
  for (const record of event.Records) {
    const key = objectKey(record);
    const match = REQUEST_DOC.exec(key);
    if (!match || !DOCS.includes(match[2]!)) {
      logger.warn('An object outside the onboarding documents was ignored', { key });
      continue;
    }
    const start = await readObjectStart('onboarding', key, SIGNATURE_BYTES);
    if (!start) continue; // removed with its request meanwhile
    const state = matchesSignature('pdf', start) ? 'pdf' : 'not_pdf';
    const marked = await markDocumentState(match[1]!, match[2] as OnboardingDoc, state);
    if (state === 'not_pdf') logger.warn('An onboarding document is not a PDF', { key, marked });
  }
});
