import { processCpuMs } from "../../scripts/process-usage.ts";

/** This process's CPU time so far (user and system, all its threads), in milliseconds. */
export function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * The median of nine timed runs of `run` (after one untimed warm-up), in milliseconds of this
 * process's CPU time (user and system): what the code costs, which stays put when other suites
 * share the cores and a run is paused for theirs, where wall time grows with the load.
 */
export function medianOfNine(run: () => unknown) {
  run();
  const times = Array.from({ length: 9 }, () => {
    const start = cpuMs();
    run();
    return cpuMs() - start;
  }).sort((a, b) => a - b);
  return times[4]!;
}

/**
 * The CPU time a process has used so far (user and system, its own threads), in seconds: what a
 * piece of work costs the server whatever else the machine runs, where wall time grows with the load.
 */
export function cpuSeconds(pid: number) {
  return processCpuMs(pid) / 1000;
}

/** What `pollUntil` asks again and again: a value once the awaited thing happened, falsy before. */
export type PollCheck<T> = () => T | undefined | false | Promise<T | undefined | false>;

/** Asks `check` every 50 ms until it answers a value, or throws after `timeoutMs` naming `what`. */
export async function pollUntil<T>(what: string, check: PollCheck<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
