import { UUID_PATTERN } from '../../../shared/ids.js';
import { STAGING_PREFIX } from '../../data/evidence.js';

/** Spec §9: file-name slug of at most 80 characters. */
export const SLUG_MAX = 80;

/** Letters, digits, dot, underscore and hyphen; runs of anything else become one hyphen. */
function slugPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
    .replace(/^[._-]+|[._-]+$/g, '');
}

/**
 * A file name safe to use in an S3 key and a Content-Disposition header: no folders, no '..', no
 * control or quote characters, no leading dot, extension kept, at most SLUG_MAX characters.
 */
export function slugFileName(name: string, max = SLUG_MAX): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? slugPart(base.slice(dot + 1)).toLowerCase().slice(0, 10) : '';
  const suffix = ext ? `.${ext}` : '';
  const stem = slugPart(dot > 0 ? base.slice(0, dot) : base).slice(0, Math.max(1, max - suffix.length)).replace(/[._-]+$/, '');
  return `${stem || 'file'}${suffix}`;
}

/** A short slug of free text (the FI name in a path): never empty. */
export function slugText(text: string, max = 40): string {
  return slugPart(text).slice(0, max).replace(/[._-]+$/, '') || 'unknown';
}

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
