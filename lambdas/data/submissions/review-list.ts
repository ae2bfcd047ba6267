import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { conditionsOf } from '#adapters/dynamo/expressions.js';
import { queryOf } from '#adapters/dynamo/queries.js';
import type { ReviewedSubmission } from './reviews.js';
import { submissionCodec } from './submissions.js';

/**
 * The submissions list of the reviews and reports screens, newest first, read from the submissions
 * table's indexes only (never a Scan):
 * - by status: gsi1pk=STATUS#{status} gsi1sk={created_at} (every submission is in exactly one)
 * - by organisation: gsi2pk=ORG#{org_id} gsi2sk={created_at}
 * "All statuses" or "several organisations" is a merge of those partitions: each is read newest first
 * and the newest head is taken each time, so a page is in global order. The opaque cursor holds, per
 * partition, DynamoDB's own key to resume after (or that the partition is done).
 */
export interface ListSource {
  index: 'gsi1' | 'gsi2';
  /** STATUS#{status} or ORG#{org_id} */
  pk: string;
}

export interface ListFilter {
  /** Applied by DynamoDB (a filter): the status on organisation partitions, the kind anywhere. */
  status?: ReviewedSubmission['status'];
  kind?: 'inputs' | 'stoppages';
  /** Only submissions marked late (made after their month's window closed). */
  late?: boolean;
  /** Lower-case text matched in code against organisation name, payee key, file key and organisation id. */
  q?: string;
}

type Key = Record<string, string>;
/** Per source: where to resume (null: from the newest), or 'done'. */
export type ListCursor = Record<string, Key | null | 'done'>;

/**
 * How many index items one request may read. Without a search every item read is shown, so this never
 * binds; a search over everything is a filtered read of the index, bounded here: when the bound is
 * reached the page comes back short with a cursor, and Load more searches on from there.
 */
export const MAX_EXAMINED = 2_000;
const QUERY_PAGE = 100;

const sourceId = (s: ListSource) => `${s.index}:${s.pk}`;
const SEARCHED = ['org_name', 'payee_key', 'file_key', 'org_id'] as const;

function matchesSearch(item: ReviewedSubmission, q: string | undefined): boolean {
  if (!q) return true;
  return SEARCHED.some((field) =>
    String(item[field] ?? '')
      .toLowerCase()
      .includes(q),
  );
}

interface Buffered {
  item: ReviewedSubmission;
  order: string;
  /** The key to resume after so that this item is read again (null: from the newest). */
  resume: Key | null;
}

const whenListed = conditionsOf<ReviewedSubmission>();

/** One partition read newest first, a page at a time. */
class Stream {
  readonly buffer: Buffered[] = [];
  exhausted: boolean;
  /** The sort key of the oldest item read so far: everything newer has been examined. */
  frontier: string | null = null;
  private next: Key | null;

  constructor(
    readonly source: ListSource,
    start: Key | null | 'done',
    private readonly filter: ListFilter,
  ) {
    this.exhausted = start === 'done';
    this.next = start === 'done' ? null : start;
  }

  private orderOf(item: Record<string, unknown>): string {
    return `${String(item[`${this.source.index}sk`] ?? '')}#${String(item.pk ?? '')}`;
  }

  private keyOf(item: Record<string, unknown>): Key {
    const { index } = this.source;
    return { pk: String(item.pk), sk: String(item.sk), [`${index}pk`]: String(item[`${index}pk`]), [`${index}sk`]: String(item[`${index}sk`]) };
  }

  /** Reads one page; answers how many items DynamoDB examined. */
  async fill(): Promise<number> {
    const { index, pk } = this.source;
    const filters = [
      ...(this.filter.status && index === 'gsi2' ? [whenListed.is('status', this.filter.status)] : []),
      ...(this.filter.kind ? [whenListed.is('doc_kind', this.filter.kind)] : []),
      ...(this.filter.late ? [whenListed.is('late', true)] : []),
    ];
    const read = { pk, ...(filters.length ? { filter: whenListed.and(...filters) } : {}) };
    const input = {
      TableName: tableName('submissions'),
      ScanIndexForward: false,
      Limit: QUERY_PAGE,
      ExclusiveStartKey: this.next ?? undefined,
    };
    // The index names are literal so that the IAM check (test/infra/iam.test.ts) sees which indexes are read.
    const out = await dynamo.send(
      index === 'gsi1'
        ? new QueryCommand({ ...input, ...queryOf<ReviewedSubmission>({ IndexName: 'gsi1', ...read }) })
        : new QueryCommand({ ...input, ...queryOf<ReviewedSubmission>({ IndexName: 'gsi2', ...read }) }),
    );
    let previous = this.next;
    for (const raw of out.Items ?? []) {
      // A malformed item is skipped (and logged), never shown: the partition reads on past it.
      const item = submissionCodec.parse(raw);
      if (item && matchesSearch(item, this.filter.q)) this.buffer.push({ item, order: this.orderOf(raw), resume: previous });
      previous = this.keyOf(raw);
      this.frontier = this.orderOf(raw);
    }
    const last = out.LastEvaluatedKey as Key | undefined;
    if (last) {
      this.next = last;
      this.frontier = this.orderOf(last);
    } else {
      this.next = null;
      this.exhausted = true;
    }
    return out.ScannedCount ?? out.Items?.length ?? 0;
  }

  /** Where the next page starts in this partition. */
  position(): Key | null | 'done' {
    const head = this.buffer[0];
    if (head) return head.resume;
    return this.exhausted ? 'done' : this.next;
  }
}

/** One page of submissions from these partitions, newest first, with the cursor of the next page. */
export async function listSubmissionsPage(
  sources: readonly ListSource[],
  filter: ListFilter,
  limit: number,
  cursor: ListCursor | null,
): Promise<{ items: ReviewedSubmission[]; cursor: ListCursor | null }> {
  const streams = sources.map((s) => new Stream(s, cursor?.[sourceId(s)] ?? null, filter));
  const items: ReviewedSubmission[] = [];
  let examined = 0;
  const starving = () => streams.filter((s) => !s.exhausted && s.buffer.length === 0);

  while (items.length < limit) {
    while (starving().length && examined < MAX_EXAMINED) {
      const counts = await Promise.all(starving().map((s) => s.fill()));
      examined += counts.reduce((a, b) => a + b, 0);
    }
    let best: Stream | null = null;
    for (const s of streams) if (s.buffer[0] && (!best || s.buffer[0].order > best.buffer[0]!.order)) best = s;
    if (!best) break;
    const head = best.buffer[0]!;
    // A partition not yet read down to this item's time might still hold a newer match: stop here (the
    // search bound was reached) rather than give a page out of order.
    if (starving().some((s) => s.frontier === null || s.frontier > head.order)) break;
    items.push(head.item);
    best.buffer.shift();
  }

  const next: ListCursor = Object.fromEntries(streams.map((s) => [sourceId(s.source), s.position()]));
  const more = Object.values(next).some((p) => p !== 'done');
  return { items, cursor: more ? next : null };
}

/** The cursor as opaque text, and back; a cursor naming another partition's keys is refused (null). */
export const encodeListCursor = (cursor: ListCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

export function decodeListCursor(text: string, sources: readonly ListSource[]): ListCursor | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: ListCursor = {};
  for (const source of sources) {
    const position = (value as Record<string, unknown>)[sourceId(source)];
    if (position === undefined || position === null) out[sourceId(source)] = null;
    else if (position === 'done') out[sourceId(source)] = 'done';
    else if (isKeyOf(position, source)) out[sourceId(source)] = position;
    else return null;
  }
  return out;
}

/** Exactly the four key attributes of an item of this partition: anything else could read elsewhere. */
function isKeyOf(value: unknown, source: ListSource): value is Key {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const key = value as Record<string, unknown>;
  const fields = ['pk', 'sk', `${source.index}pk`, `${source.index}sk`];
  const keys = Object.keys(key);
  return (
    keys.length === fields.length &&
    fields.every((f) => typeof key[f] === 'string' && (key[f] as string).length > 0 && (key[f] as string).length < 200) &&
    key[`${source.index}pk`] === source.pk &&
    /^SUB#[0-9a-f-]{36}$/.test(key.pk as string) &&
    key.sk === 'META'
  );
}
