import { SCHEDULED_JOBS } from '../definitions.js';
import { loadHandler } from './handlers.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs the SCHEDULED_JOBS as EventBridge would, on one machine: once shortly after the twin starts
 * (a laptop is rarely up at the cron's hour) and then every 24 hours. A failure is logged and the
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
          await handler({ source: 'aws.events', 'detail-type': 'Scheduled Event', time: new Date().toISOString() }, { functionName: job.id, awsRequestId: `${Date.now()}` });
        } catch (error) {
          console.error(`[schedules] ${job.id} failed; it runs again at the next tick`, error);
        }
      });
    };
    timers.push(setTimeout(run, opts.firstRunMs ?? 5_000).unref(), setInterval(run, DAY_MS).unref());
  }
  return {
    /** Stops the timers and waits for a run in progress. */
    stop: async () => {
      timers.forEach((timer) => clearTimeout(timer));
      await running;
    },
  };
}
