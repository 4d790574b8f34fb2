// `node --import tsx bench/blocking-time.ts <url>...`: what Lighthouse's total blocking time is made of.
// Runs Lighthouse (mobile, simulated throttling: what `npm run lighthouse` reports) on each page,
// BLOCKING_RUNS times (default 3), and recomputes the figure from the run's own trace with
// Lighthouse's Lantern: the first contentful paint and time to interactive it simulated (the window
// it counts in), and each simulated task of 50 ms or more with its share of the blocking time, what
// the task held (the document's parse, style and layout, scripts, or the browser's own commit of the
// navigation) and its wall and CPU time in the observed trace. Lantern multiplies a task's observed
// wall time by 4, so a task the machine paused (other processes on the cores) counts as if the phone
// were that slow. Start the servers first (`npm start`, the plain app), as for bench/main-thread.ts.
// BLOCKING_NICE=on lowers this process's priority once Chromium has started (Chromium keeps its
// own), so that Lighthouse's work while the page loads yields to the browser's, as it would on a
// phone that runs neither; renice the servers (`renice -n 19 -p <pid>`) for the same reason.
import os from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { LanternFirstContentfulPaint } from "lighthouse/core/computed/metrics/lantern-first-contentful-paint.js";
import { LanternInteractive } from "lighthouse/core/computed/metrics/lantern-interactive.js";
import { LanternTotalBlockingTime } from "lighthouse/core/computed/metrics/lantern-total-blocking-time.js";

const RUNS = Number(process.env.BLOCKING_RUNS ?? 3);
const THRESHOLD_MS = 50;

type TraceEvent = { name: string; ts: number; dur?: number; tdur?: number; args?: { data?: { url?: string } } };
type CpuNode = { type: "cpu"; event: TraceEvent; childEvents: TraceEvent[] };
type Timing = { startTime: number; endTime: number; duration: number };
type Estimate = { timeInMs: number; nodeTimings: Map<CpuNode | { type: string }, Timing> };
type LanternResult = { optimisticEstimate: Estimate; pessimisticEstimate: Estimate };

/** What a task held, by the events inside it. */
function kindOf(node: CpuNode) {
  const names = new Set(node.childEvents.map((event) => event.name));
  if (names.has("DocumentLoader::CommitNavigation")) return "the browser's commit of the navigation";
  const scripts = node.childEvents.filter((event) =>
    ["v8.evaluateModule", "FunctionCall", "TimerFire", "EvaluateScript"].includes(event.name),
  );
  const script = scripts.map((event) => event.args?.data?.url?.split("/").pop()).find(Boolean);
  if (names.has("ParseHTML")) return `the document's parse${scripts.length ? " and inline scripts" : ""}`;
  if (names.has("Layout") || names.has("UpdateLayoutTree") || names.has("Paint")) return "style, layout and paint";
  if (names.has("ParseAuthorStyleSheet")) return "the stylesheet's parse";
  if (scripts.length) return `scripts (${script ?? "inline"})`;
  return "other";
}

/** Lantern's sum: each task's part inside [from, to], less the 50 ms it may take without blocking. */
function blockingOf(timing: Timing, from: number, to: number) {
  if (timing.duration < THRESHOLD_MS) return 0;
  const clipped = Math.min(timing.endTime, to) - Math.max(timing.startTime, from);
  return clipped < THRESHOLD_MS ? 0 : clipped - THRESHOLD_MS;
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic"],
});
if (process.env.BLOCKING_NICE === "on") os.setPriority(19);
try {
  for (const url of process.argv.slice(2)) {
    for (let run = 1; run <= RUNS; run++) {
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
      if (!result || result.lhr.runtimeError) continue;
      const { artifacts } = result;
      const settings = artifacts.settings;
      const data = {
        trace: artifacts.Trace,
        devtoolsLog: artifacts.DevtoolsLog,
        gatherContext: artifacts.GatherContext,
        settings,
        URL: artifacts.URL,
        simulator: null,
        SourceMaps: [],
      };
      const context = { computedCache: new Map(), settings };
      // The same computed artifacts Lighthouse's audits ask for (private API: lighthouse is pinned).
      const request = (metric: { request: (...args: unknown[]) => Promise<unknown> }) =>
        metric.request(data, context) as Promise<LanternResult>;
      const fcp = await request(LanternFirstContentfulPaint as never);
      const tti = await request(LanternInteractive as never);
      const tbt = await request(LanternTotalBlockingTime as never);
      // As Lantern does: the optimistic sum counts from the pessimistic paint to the optimistic
      // interactive time (the narrower window), the pessimistic sum the other way round; TBT is their mean.
      const windows = {
        optimistic: [fcp.pessimisticEstimate.timeInMs, tti.optimisticEstimate.timeInMs, tbt.optimisticEstimate],
        pessimistic: [fcp.optimisticEstimate.timeInMs, tti.pessimisticEstimate.timeInMs, tbt.pessimisticEstimate],
      } as const;
      const byKind = new Map<string, number>();
      const rows: string[] = [];
      const navigationStart = (artifacts.Trace.traceEvents as TraceEvent[]).find(
        (event) => event.name === "navigationStart",
      )?.ts;
      for (const [name, [from, to, estimate]] of Object.entries(windows)) {
        let sum = 0;
        for (const [node, timing] of estimate.nodeTimings) {
          if (node.type !== "cpu" || timing.duration < THRESHOLD_MS) continue;
          const cpu = node as CpuNode;
          const blocking = blockingOf(timing, from, to);
          sum += blocking;
          const kind = kindOf(cpu);
          byKind.set(kind, (byKind.get(kind) ?? 0) + blocking / 2);
          if (name === "pessimistic")
            rows.push(
              `    ${Math.round(timing.startTime)}-${Math.round(timing.endTime)} ms simulated, blocking ${Math.round(blocking)}: ` +
                `${kind}, observed at ${Math.round((cpu.event.ts - (navigationStart ?? cpu.event.ts)) / 1000)} ms, ` +
                `${((cpu.event.dur ?? 0) / 1000).toFixed(1)} ms wall, ${((cpu.event.tdur ?? 0) / 1000).toFixed(1)} ms CPU`,
            );
        }
        // A check on the recomputation: the same sum Lantern made.
        if (Math.abs(sum - estimate.timeInMs) > 1)
          console.warn(`  (${name}: recomputed ${Math.round(sum)} ms, Lantern ${Math.round(estimate.timeInMs)} ms)`);
      }
      const total = (tbt.optimisticEstimate.timeInMs + tbt.pessimisticEstimate.timeInMs) / 2;
      console.log(
        `${url}, run ${run}: TBT ${Math.round(total)} ms (Lighthouse said ${Math.round(result.lhr.audits["total-blocking-time"]?.numericValue ?? NaN)}); ` +
          `FCP ${Math.round(fcp.optimisticEstimate.timeInMs)}-${Math.round(fcp.pessimisticEstimate.timeInMs)} ms, ` +
          `TTI ${Math.round(tti.optimisticEstimate.timeInMs)}-${Math.round(tti.pessimisticEstimate.timeInMs)} ms simulated`,
      );
      console.log(
        "  by what it held: " +
          [...byKind]
            .filter(([, ms]) => ms > 0)
            .sort((a, b) => b[1] - a[1])
            .map(([kind, ms]) => `${kind} ${Math.round(ms)} ms`)
            .join("; "),
      );
      if (process.env.BLOCKING_TASKS === "on") console.log(rows.join("\n"));
    }
  }
} finally {
  chrome.kill();
}
