import { STAGING_PREFIX } from '#data/registry/evidence.js';
import { UUID_PATTERN } from '#shared/ids.js';
import { slugFileName, slugText } from '../common/file-names.js';

/** The staging area of one user: only its owner may attach what is in it. */
export const stagingPrefixOf = (userId: string) => `${STAGING_PREFIX}${userId}/`;

export const stagingKey = (userId: string, uploadId: string, fileName: string) => `${stagingPrefixOf(userId)}${uploadId}/${slugFileName(fileName)}`;

const STAGED = new RegExp(`^staging/([^/]+)/(${UUID_PATTERN})/([A-Za-z0-9._-]{1,80})$`);

/** The parts of a staging key, or null when the key is not shaped like one. */
export function parseStagingKey(key: string): { userId: string; uploadId: string; file: string } | null {
  const m = STAGED.exec(key);
  return m ? { userId: m[1]!, uploadId: m[2]!, file: m[3]! } : null;
}

/** Spec §7: `{month}/{payee}/fraud/{fi}-{timestamp}-{n}-{file}` (n from 1). */
export function finalEvidenceKey(opts: { month: string; payeeKey: string; fiName: string; timestamp: number; n: number; file: string }): string {
  return `${opts.month}/${slugText(opts.payeeKey, 20)}/fraud/${slugText(opts.fiName)}-${opts.timestamp}-${opts.n}-${opts.file}`;
}
