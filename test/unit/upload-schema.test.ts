import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { uploadSchema } from '#data/uploads/upload.js';
import { uploadResponseSchema } from '#shared/api/submissions.js';

/** What the API shows but the record does not hold: made from the results files when the upload is read. */
const SHOWN_ONLY = ['signals'];

/** A field's schema without its optional, nullable or default wrapper: the declaration itself. */
function declaration(schema: z.ZodType): z.ZodType {
  const def = (schema as { def?: { type?: string; innerType?: z.ZodType } }).def;
  return def && ['optional', 'nullable', 'default'].includes(def.type ?? '') && def.innerType ? declaration(def.innerType) : schema;
}

describe('the upload record and the API schema', () => {
  const shown = uploadResponseSchema.shape;
  const stored: Record<string, z.ZodType> = uploadSchema.shape;
  const shared = Object.keys(shown).filter((field) => !SHOWN_ONLY.includes(field));

  it('store every field the API shows, except what is made when read', () => {
    expect(shared.filter((field) => !(field in stored))).toEqual([]);
  });

  it.each(shared)('declare %s once: the record takes it from the API schema', (field) => {
    expect(declaration(stored[field]!)).toBe(declaration(shown[field as keyof typeof shown]));
  });

  it('catch a field declared again', () => {
    const redeclared = uploadSchema.extend({ headers: uploadSchema.shape.headers.unwrap().clone().optional() });
    expect(declaration(redeclared.shape.headers)).not.toBe(declaration(shown.headers));
  });
});
