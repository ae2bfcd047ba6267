import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { dynamo, tableName } from '#adapters/aws-clients.js';
import { change, conditionOf, conditionsOf, updateOf } from '#adapters/dynamo/expressions.js';
import { isConditionFailure } from '#adapters/dynamo/toolkit.js';
import { logger } from '#lib/powertools.js';
import type { IngestionCounts } from '#shared/api/submissions.js';

/**
 * A chunked ingestion's progress, beside its submission in the submissions table: pk=SUB#{id}
 * sk=INGEST. Made once by the split (how many chunks, how many rows validation left out), then each
 * chunk that lands adds its index to `landed` and its counts to the sums, in one update conditioned on
 * its index not being there yet: a replayed chunk adds nothing, and exactly one chunk — the one whose
 * update completes the set — finds every chunk landed and records the submission's counts.
 */
const progressKey = (submissionId: string) => ({ pk: `SUB#${submissionId}`, sk: 'INGEST' });

const progressSchema = z.object({
  chunks: z.number().int().nonnegative(),
  /** Rows of the file validation did not pass on (without the minimal fields): skipped. */
  skipped_before: z.number().int().nonnegative(),
  /** Set once every chunk object is written. */
  split: z.boolean().optional(),
  landed: z.set(z.number()).optional(),
  inserted: z.number().optional(),
  updated: z.number().optional(),
  skipped: z.number().optional(),
});
export type IngestionProgress = z.infer<typeof progressSchema>;
const progressIs = conditionsOf<IngestionProgress>();

function parse(item: unknown, submissionId: string): IngestionProgress | null {
  if (item === undefined) return null;
  const parsed = progressSchema.safeParse(item);
  if (!parsed.success) logger.error('An ingestion progress item is malformed; read as absent', { submissionId, issues: parsed.error.issues.slice(0, 3) });
  return parsed.success ? parsed.data : null;
}

/** The progress of a submission's ingestion, or null before its split (or when malformed, logged). */
export async function readProgress(submissionId: string): Promise<IngestionProgress | null> {
  const out = await dynamo.send(new GetCommand({ TableName: tableName('submissions'), Key: progressKey(submissionId), ConsistentRead: true }));
  return parse(out.Item, submissionId);
}

/** Makes the progress item unless it is there (a replayed split keeps the first one's); answers it as stored. */
export async function startProgress(submissionId: string, start: Pick<IngestionProgress, 'chunks' | 'skipped_before'>): Promise<IngestionProgress | null> {
  try {
    await dynamo.send(
      new PutCommand({
        TableName: tableName('submissions'),
        Item: { ...progressKey(submissionId), ...progressSchema.parse(start) },
        ...conditionOf(progressIs.missing('pk')),
      }),
    );
    return start;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return readProgress(submissionId);
  }
}

/** Every chunk object is written: a replayed split stops here. */
export async function markSplit(submissionId: string): Promise<void> {
  await dynamo.send(
    new UpdateCommand({ TableName: tableName('submissions'), Key: progressKey(submissionId), ...updateOf<IngestionProgress>({ split: true }) }),
  );
}

/**
 * Records that chunk `index` landed with these counts, once: answers the progress after this update, or,
 * when the chunk had landed before (a replay), as it stands.
 */
export async function landChunk(submissionId: string, index: number, counts: IngestionCounts): Promise<IngestionProgress | null> {
  try {
    const out = await dynamo.send(
      new UpdateCommand({
        TableName: tableName('submissions'),
        Key: progressKey(submissionId),
        ...updateOf<IngestionProgress>(
          {
            landed: change.addMembers(new Set([index])),
            inserted: change.add(counts.inserted),
            updated: change.add(counts.updated),
            skipped: change.add(counts.skipped),
          },
          progressIs.and(progressIs.exists('pk'), progressIs.not(progressIs.contains('landed', index))),
        ),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return parse(out.Attributes, submissionId);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return readProgress(submissionId);
  }
}

/** Whether every chunk has landed. */
export const allLanded = (progress: IngestionProgress) => (progress.landed?.size ?? 0) >= progress.chunks;

/** The submission's counts once every chunk has landed: the chunks' sums and the rows validation left out. */
export const totalCounts = (progress: IngestionProgress): IngestionCounts => ({
  inserted: progress.inserted ?? 0,
  updated: progress.updated ?? 0,
  skipped: (progress.skipped ?? 0) + progress.skipped_before,
});
