import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { bucketName, s3 } from '#adapters/aws-clients.js';
import { type ObjectStart, presignPost } from '#adapters/s3-objects.js';
import { DISPUTE_EVIDENCE_TYPE } from '#shared/api/disputes.js';
import { inlineDisposition, readEvidenceStartOf } from '../registry/evidence.js';

/**
 * A dispute's evidence in the evidence bucket, under `disputes/{id}/{party}/{uuid}-{file}`: the browser
 * posts each PDF there with a presigned POST (type and size pinned by its policy), and the dispute's
 * evidence is whatever its prefix holds — nothing to move, nothing to record twice.
 */
export type EvidenceParty = 'reviewer' | 'lender' | 'employee';
export const disputeEvidencePrefix = (id: string) => `disputes/${id}/`;
export const disputeEvidenceKey = (id: string, party: EvidenceParty, uploadId: string, file: string) =>
  `${disputeEvidencePrefix(id)}${party}/${uploadId}-${file}`;

/** A presigned POST taking one file of this type (a PDF unless told) of at most the size declared (the routes' schemas hold that to 10 MB). */
export function presignDisputeEvidence(key: string, declaredBytes: number, contentType = DISPUTE_EVIDENCE_TYPE) {
  return presignPost('evidence', key, contentType, declaredBytes);
}

export interface DisputeEvidenceObject {
  key: string;
  name: string;
  party: EvidenceParty;
}

const UPLOAD_ID_LENGTH = 36;

/** The files a dispute holds, oldest first. */
export async function listDisputeEvidence(id: string): Promise<DisputeEvidenceObject[]> {
  const prefix = disputeEvidencePrefix(id);
  const out = await s3.send(new ListObjectsV2Command({ Bucket: bucketName('evidence'), Prefix: prefix, MaxKeys: 100 }));
  return (out.Contents ?? [])
    .sort((a, b) => (a.LastModified?.getTime() ?? 0) - (b.LastModified?.getTime() ?? 0))
    .flatMap(({ Key }) => {
      const [party, rest] = (Key ?? '').slice(prefix.length).split('/');
      if ((party !== 'reviewer' && party !== 'lender' && party !== 'employee') || !rest) return [];
      return [{ key: Key!, party, name: rest.slice(UPLOAD_ID_LENGTH + 1) || rest }];
    });
}

/**
 * A link to read, for `seconds`, exactly the version of an evidence file whose first bytes were checked
 * (`checked`, from readDisputeEvidenceStart): a file replaced under the same key after its check is not
 * what the link serves (the evidence bucket is versioned; the link names the VersionId).
 */
export function disputeEvidenceLink(object: DisputeEvidenceObject, checked: Pick<ObjectStart, 'versionId'>, seconds: number): Promise<string> {
  return getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: bucketName('evidence'),
      Key: object.key,
      VersionId: checked.versionId,
      ResponseContentDisposition: inlineDisposition(object.name),
    }),
    { expiresIn: seconds },
  );
}

/** The first bytes of one evidence file (its signature) and which version they are of, or null when it is gone. */
export const readDisputeEvidenceStart = (object: DisputeEvidenceObject, bytes: number) => readEvidenceStartOf(object.key, bytes);
