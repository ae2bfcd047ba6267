import { describe, expect, it } from 'vitest';
import { backoffInterval, pollDelay } from '../../web/src/lib/poll.js';

/** An upload as the poll sees it: the server's stage (counted) and whether validation is over. */
interface Answer {
  stage: number;
  done: boolean;
}

const watch = { state: (a: Answer) => String(a.stage), done: (a: Answer) => a.done };

/** The query state TanStack hands a refetchInterval: the last answer and how many answers came. */
const query = (data: Answer | undefined, dataUpdateCount: number) =>
  ({ state: { data, dataUpdateCount } }) as Parameters<ReturnType<typeof backoffInterval<Answer>>>[0];

/**
 * The requests one browser makes while the server validates for `durationMs`, its stage changing at
 * each of `changesAt`: the first at once, each next one a delay after the answer (network time left out).
 */
function requestsDuring(durationMs: number, changesAt: readonly number[], delay: (answer: Answer, answers: number) => number): number {
  let now = 0;
  for (let answers = 1; ; answers++) {
    const answer = { stage: changesAt.filter((at) => at <= now).length, done: now >= durationMs };
    if (answer.done) return answers;
    now += delay(answer, answers);
  }
}

const fixedEvery600ms = () => 600;
const backoff = () => {
  const interval = backoffInterval(watch);
  return (answer: Answer, answers: number) => interval(query(answer, answers)) as number;
};
/** Awaiting the file, reading, validating, the registry, the signals: five changes, spread evenly (the most resets). */
const fiveChanges = (durationMs: number) => [1, 2, 3, 4, 5].map((i) => (durationMs * i) / 6);

describe('pollDelay', () => {
  it('waits 1 s after the first answer and 1.5 times longer after each unchanged one', () => {
    expect([0, 1, 2, 3, 4, 5].map(pollDelay)).toEqual([1_000, 1_500, 2_250, 3_375, 5_063, 7_594]);
  });

  it('never waits more than 10 s', () => {
    expect(pollDelay(6)).toBe(10_000);
    expect(pollDelay(60)).toBe(10_000);
  });
});

describe('backoffInterval', () => {
  it('polls 1 s after the first answer, then backs off while the state stays the same', () => {
    const interval = backoffInterval(watch);
    const delays = [1, 2, 3, 4].map((answers) => interval(query({ stage: 0, done: false }, answers)));
    expect(delays).toEqual([1_000, 1_500, 2_250, 3_375]);
  });

  it('starts again from 1 s when the state changes', () => {
    const interval = backoffInterval(watch);
    [1, 2, 3].forEach((answers) => interval(query({ stage: 0, done: false }, answers)));
    expect(interval(query({ stage: 1, done: false }, 4))).toBe(1_000);
    expect(interval(query({ stage: 1, done: false }, 5))).toBe(1_500);
  });

  it('gives the same delay however often it is asked between two answers', () => {
    const interval = backoffInterval(watch);
    interval(query({ stage: 0, done: false }, 1));
    const asked = [2, 2, 2].map((answers) => interval(query({ stage: 0, done: false }, answers)));
    expect(asked).toEqual([1_500, 1_500, 1_500]);
  });

  it('waits 1 s for the first answer and stops at a final one', () => {
    const interval = backoffInterval(watch);
    expect(interval(query(undefined, 0))).toBe(1_000);
    expect(interval(query({ stage: 3, done: true }, 7))).toBe(false);
  });
});

describe('the requests a validation costs one browser', () => {
  it.each([
    { seconds: 30, before: 51, at_most: 19 },
    { seconds: 120, before: 201, at_most: 37 },
  ])('a $seconds s validation: $before polls every 0.6 s, at most $at_most on the backoff', ({ seconds, before, at_most }) => {
    const duration = seconds * 1_000;
    expect(requestsDuring(duration, [], fixedEvery600ms)).toBe(before);
    const unchanged = requestsDuring(duration, [], backoff());
    const changing = requestsDuring(duration, fiveChanges(duration), backoff());
    expect(unchanged).toBeLessThan(changing);
    expect(changing).toBeLessThanOrEqual(at_most);
  });
});
