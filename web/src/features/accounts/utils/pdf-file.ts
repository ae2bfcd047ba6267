import { ONBOARDING_MAX_BYTES, type OnboardingDoc, docNotPdfMessage, docTooLargeMessage } from '@shared/api/accounts';

const PDF_MAGIC = '%PDF-';

/**
 * Spec part 2 §5: each attachment must be a PDF of at most 10 MB. The file's own bytes decide
 * (browsers leave the type empty or guess it from the name); S3 enforces size and type again.
 */
export async function pdfProblem(file: File, doc: OnboardingDoc): Promise<string | null> {
  const head = await file.slice(0, PDF_MAGIC.length).text();
  const typeOk = file.type === '' || file.type === 'application/pdf';
  if (head !== PDF_MAGIC || !typeOk) return docNotPdfMessage(doc);
  if (file.size > ONBOARDING_MAX_BYTES) return docTooLargeMessage(doc);
  return null;
}
