import { SCHEDULED_JOBS } from '../definitions.js';
import { loadHandler } from './handlers.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How often a job's cron fires: every minute (minute and hour '*'), every N minutes (minute '*\/N'), else once a day. */
export function cronIntervalMs(cron: { minute: string; hour: string }): number {
  if (cron.hour !== '*') return DAY_MS;
  if (cron.minute === '*') return 60_000;
  const every = /^\*\/(\d+)$/.exec(cron.minute);
  return every ? Number(every[1]) * 60_000 : 60 * 60_000;
}

/**
 * Runs the SCHEDULED_JOBS as EventBridge would, on one machine: once shortly after the twin starts
 * (a laptop is rarely up at the cron's hour) and then as often as its cron fires (cronIntervalMs). A failure is logged and the
 * next run tries again, as the job's own retries would.
 */
export function startSchedules(opts: { firstRunMs?: number } = {}) {
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<void> = Promise.resolve();
  for (const job of SCHEDULED_JOBS) {
    const run = () => {
      running = running.then(async () => {
        try {
          const handler = await loadHandler(job.handler);
          await handler(
            { source: 'aws.events', 'detail-type': 'Scheduled Event', time: new Date().toISOString() },
            { functionName: job.id, awsRequestId: `${Date.now()}` },
          );
        } catch (error) {
          console.error(`[schedules] ${job.id} failed; it runs again at the next tick`, error);
        }
      });
    };
    timers.push(setTimeout(run, opts.firstRunMs ?? 5_000).unref(), setInterval(run, cronIntervalMs(job.cron)).unref());
  }
  return {
    /** Stops the timers and waits for a run in progress. */
    stop: async () => {
      timers.forEach((timer) => clearTimeout(timer));
      await running;
    },
  };
}
