import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { onboardingDocumentLink, onboardingDocumentUploaded } from '#data/directory/onboarding-documents.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { createApiHandler } from '#http/handler.js';
import { ONBOARDING_DOC_LABELS, type OnboardingDoc } from '#shared/api/accounts.js';
import { ONBOARDING_LINK_SECONDS } from '#shared/api/admin.js';
import * as routes from '#shared/routes/admin.js';
import { requireRequest } from '../access-requests.js';
import { accessRequestView } from '../views.js';

/** Signed links (900 s) to the request's onboarding documents; viewing them is audited. */
async function accessRequestDocuments(actor: AuthenticatedCaller, id: string) {
  const request = await requireRequest(id);
  const view = accessRequestView(request);
  const items = await Promise.all(
    view.documents.map(async (doc) => {
      const key = request.documents[doc as OnboardingDoc]!;
      const uploaded = await onboardingDocumentUploaded(key);
      // A file whose bytes are not a PDF's gets no link: it is never served as the PDF it claimed to be.
      const notPdf = uploaded && view.not_pdf_documents.includes(doc);
      const url = uploaded && !notPdf ? await onboardingDocumentLink(key, ONBOARDING_LINK_SECONDS) : null;
      return { doc, label: ONBOARDING_DOC_LABELS[doc as OnboardingDoc] ?? doc, url, uploaded, not_pdf: notPdf };
    }),
  );
  await writeAudit({
    actor,
    action: 'access_request.documents_view',
    subject: auditSubject.accessRequest(request.id),
    outcome: 'ok',
    details: { email: request.email, documents: items.filter((i) => i.uploaded).map((i) => i.doc) },
  });
  return { id: request.id, expires_in: ONBOARDING_LINK_SECONDS, items };
}

/** GET /api/admin/access-requests/{id}/documents: the Docs column's Preview and Refresh (signed links, 900 s). */
export const handler = createApiHandler(routes.getAccessRequestDocuments, async ({ caller, params }) => accessRequestDocuments(caller, params.id));
