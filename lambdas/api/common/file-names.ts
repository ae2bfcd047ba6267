/** Spec §9: file-name slug of at most 80 characters. */
const SLUG_MAX = 80;

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
  const ext =
    dot > 0
      ? slugPart(base.slice(dot + 1))
          .toLowerCase()
          .slice(0, 10)
      : '';
  const suffix = ext ? `.${ext}` : '';
  const stem = slugPart(dot > 0 ? base.slice(0, dot) : base)
    .slice(0, Math.max(1, max - suffix.length))
    .replace(/[._-]+$/, '');
  return `${stem || 'file'}${suffix}`;
}

/** A short slug of free text (the FI name in a path): never empty. */
export function slugText(text: string, max = 40): string {
  return (
    slugPart(text)
      .slice(0, max)
      .replace(/[._-]+$/, '') || 'unknown'
  );
}
