import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { bucketName, s3 } from '#adapters/aws-clients.js';

/**
 * The onboarding documents of an access request, in the onboarding bucket (keys from
 * `onboardingDocKey`, stored on the request): what the access-request screens read and remove.
 */

/** Whether the document's bytes have landed; any failure to say so counts as not yet. */
export async function onboardingDocumentUploaded(key: string): Promise<boolean> {
  return s3.send(new HeadObjectCommand({ Bucket: bucketName('onboarding'), Key: key })).then(
    () => true,
    () => false,
  );
}

/** A link to read one document as a PDF shown inline, for `seconds`. */
export async function onboardingDocumentLink(key: string, seconds: number): Promise<string> {
  return getSignedUrl(
    s3,
    new GetObjectCommand({ Bucket: bucketName('onboarding'), Key: key, ResponseContentType: 'application/pdf', ResponseContentDisposition: 'inline' }),
    { expiresIn: seconds },
  );
}

/** Removes the documents of a removed request in one call. */
export async function deleteOnboardingDocuments(keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  await s3.send(new DeleteObjectsCommand({ Bucket: bucketName('onboarding'), Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
}
