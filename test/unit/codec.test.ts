import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCodec, MalformedItemError } from '#adapters/dynamo/codec.js';
import { logger } from '#lib/powertools.js';

/** The one way lambdas/data reads and writes an entity's items (lambdas/adapters/dynamo/codec.ts). */
const thing = defineCodec(
  'thing',
  z.object({ id: z.string(), kind: z.enum(['a', 'b']), note: z.string().nullable().default(null), count: z.number().optional() }),
  (t) => ({ pk: `THING#${t.id}`, sk: 'META', gsi1pk: `KIND#${t.kind}` }),
);

const logged = () => vi.spyOn(logger, 'error').mockImplementation(() => undefined);
afterEach(() => vi.restoreAllMocks());

describe('parse', () => {
  it('reads the record an item holds, dropping its keys and any attribute outside the schema', () => {
    // Prepare
    const item = { pk: 'THING#1', sk: 'META', gsi1pk: 'KIND#a', id: '1', kind: 'a', note: 'hello', count: 3, stray: true };
    // Act
    const record = thing.parse(item);
    // Assess
    expect(record).toEqual({ id: '1', kind: 'a', note: 'hello', count: 3 });
  });

  it('fills what the schema defaults (an attribute older items lack)', () => {
    expect(thing.parse({ id: '1', kind: 'b' })).toEqual({ id: '1', kind: 'b', note: null });
  });

  it('answers null for no item, without a log', () => {
    const error = logged();
    expect(thing.parse(undefined)).toBeNull();
    expect(thing.parse(null)).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('answers null for a malformed item and logs its entity, its key and every issue', () => {
    // Prepare
    const error = logged();
    // Act
    const record = thing.parse({ pk: 'THING#2', sk: 'META', gsi1pk: 'KIND#c', id: 2, kind: 'c', secret: 'not logged' });
    // Assess
    expect(record).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    const [message, details] = error.mock.calls[0]!;
    expect(message).toBe('Malformed item skipped');
    expect(details).toEqual({
      entity: 'thing',
      key: { pk: 'THING#2', sk: 'META', gsi1pk: 'KIND#c' },
      issues: [
        { path: 'id', message: expect.any(String) },
        { path: 'kind', message: expect.any(String) },
      ],
    });
    expect(JSON.stringify(details)).not.toContain('not logged');
  });
});

describe('parseAll', () => {
  it('keeps every good record in order and skips each malformed one, logging it', () => {
    const error = logged();
    const items = [
      { id: '1', kind: 'a' },
      { pk: 'THING#x', id: 'x' },
      { id: '3', kind: 'b', count: 'many' },
      { id: '4', kind: 'b' },
    ];
    expect(thing.parseAll(items).map((t) => t.id)).toEqual(['1', '4']);
    expect(error.mock.calls.map(([, details]) => (details as { key: unknown }).key)).toEqual([{ pk: 'THING#x' }, {}]);
  });

  it('reads no items as no records', () => {
    expect(thing.parseAll(undefined)).toEqual([]);
    expect(thing.parseAll([])).toEqual([]);
  });
});

describe('parseExisting', () => {
  it('reads the record of an item that must be there', () => {
    expect(thing.parseExisting({ id: '1', kind: 'a' })).toEqual({ id: '1', kind: 'a', note: null });
  });

  it('throws for a missing item, and for a malformed one (logged as parse logs it)', () => {
    const error = logged();
    expect(() => thing.parseExisting(undefined)).toThrow(MalformedItemError);
    expect(() => thing.parseExisting({ pk: 'THING#3', id: 3 })).toThrow(/A malformed thing/);
    expect(error).toHaveBeenCalledTimes(1);
  });
});

describe('build', () => {
  it('gives the item to store: the record with its keys, read back as the same record', () => {
    const record = { id: '7', kind: 'b' as const, note: null };
    const item = thing.build(record);
    expect(item).toEqual({ pk: 'THING#7', sk: 'META', gsi1pk: 'KIND#b', id: '7', kind: 'b', note: null });
    expect(thing.parse(item)).toEqual(record);
  });

  it('stores the record as given: what a reader defaults may be left out, and is not written', () => {
    const item = thing.build({ id: '8', kind: 'a' });
    expect(item).not.toHaveProperty('note');
  });

  it('keys win over a record attribute of the same name', () => {
    expect(thing.build({ id: '9', kind: 'a', note: null, pk: 'ELSEWHERE' } as never).pk).toBe('THING#9');
  });

  it('refuses a record its readers would skip, naming the entity and the issue', () => {
    const build = () => thing.build({ id: '5', kind: 'z' } as never);
    expect(build).toThrow(MalformedItemError);
    expect(build).toThrow(/A malformed thing: kind/);
  });
});
