export interface Periodic {
  /** Resolves once the run under way, if any, has finished. */
  stop(): Promise<void>;
}

/**
 * Runs `task` now and then every `intervalMs` until stopped, without keeping the process alive.
 * The task handles its own failures (the shop's background jobs log them and try again next time).
 */
export function runPeriodically(task: () => Promise<void>, intervalMs: number): Periodic {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = task();
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
