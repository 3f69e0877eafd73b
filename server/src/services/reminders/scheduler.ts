import type { Clock } from '../clock';

/** What the scheduler drives: the reminders service's firing and its "next due". */
export interface Firing {
  fireDue(limit?: number): Promise<number>;
  nextDue(): Promise<number | undefined>;
}

export interface SchedulerOptions {
  clock: Clock;
  log?: { warn(obj: object, msg: string): void };
  /**
   * The longest sleep (30 s): reminders set through another server sharing the database are
   * seen within it, and a restored note's overdue reminder too.
   */
  pollMs?: number;
  /** Reminders claimed per transaction. */
  batch?: number;
}

/** After a failure (the database away), the wait before trying again. */
const retryMs = 5000;

/**
 * One timer per server: it sleeps until the next due reminder (or the poll), fires what is due,
 * and sleeps again. `wake(at)` shortens the sleep when a reminder is set for earlier. No scan
 * every second: an idle server with many future reminders wakes once per poll.
 */
export function reminderScheduler(firing: Firing, options: SchedulerOptions) {
  const pollMs = options.pollMs ?? 30_000;
  const batch = options.batch ?? 500;
  let timer: NodeJS.Timeout | undefined;
  let wakeAt = Infinity;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  function sleepUntil(at: number) {
    if (stopped) return;
    if (timer && at >= wakeAt) return;
    if (timer) clearTimeout(timer);
    wakeAt = at;
    const delay = Math.max(0, Math.min(at - options.clock(), pollMs));
    timer = setTimeout(() => {
      timer = undefined;
      wakeAt = Infinity;
      run();
    }, delay);
    timer.unref();
  }

  async function tick(): Promise<void> {
    for (;;) {
      const fired = await firing.fireDue(batch);
      if (fired < batch) break;
    }
    const next = await firing.nextDue();
    sleepUntil(next ?? options.clock() + pollMs);
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = tick()
      .catch((error: unknown) => {
        options.log?.warn({ err: error }, 'could not fire due reminders; trying again shortly');
        sleepUntil(options.clock() + retryMs);
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  }

  return {
    /** Fires what is due now (reminders due while no server ran), then sleeps. */
    start() {
      if (!stopped) return;
      stopped = false;
      run();
    },
    /** A reminder was set for `at`: fire it then (now if it is past). */
    wake(at: number) {
      if (stopped) return;
      if (at <= options.clock()) run();
      else sleepUntil(at);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
