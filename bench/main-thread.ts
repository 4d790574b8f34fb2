// `node --import tsx bench/main-thread.ts <url>...`: each page's load in Chromium headless, traced, with
// the main thread's tasks measured in CPU time (the trace's thread duration), not wall time. On a busy
// machine Lighthouse's total blocking time grows with the load (it multiplies the tasks' wall time by
// 4); this stays near what the page costs. It gives the main thread's CPU from navigation until 1.5 s
// after hydration, and the blocking time those tasks would make at 4× slower (Lighthouse mobile's
// CPU factor): the sum over tasks of 4 × CPU − 50 ms. Pages alternate, MAIN_THREAD_RUNS rounds (default
// 5), medians. Start the servers first (`npm start`, the plain app, a before build on another port).
import { chromium } from "playwright";

const RUNS = Number(process.env.MAIN_THREAD_RUNS ?? 5);
// MAIN_THREAD_TASKS=on: also each run's tasks of 10 ms of CPU or more, with what fills them and when.
const SHOW_TASKS = process.env.MAIN_THREAD_TASKS === "on";
const urls = process.argv.slice(2);
if (urls.length === 0) throw new Error("usage: bench/main-thread.ts <url>...");

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string } };
};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Each task of 10 ms of CPU or more: when it started (ms after navigation, and whether before or after
 * the first contentful paint), its CPU, and the heaviest events inside it by their own name and CPU.
 */
function describeLongTasks(events: TraceEvent[], tasks: TraceEvent[]) {
  const { pid, tid } = tasks[0]!;
  const start = events.find((event) => event.name === "navigationStart" && event.pid === pid)?.ts ?? tasks[0]!.ts;
  const paint = events.find((event) => event.name === "firstContentfulPaint" && event.pid === pid)?.ts;
  const inside = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === "X");
  return tasks
    .filter((task) => (task.tdur ?? 0) >= 10_000)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const children = new Map<string, number>();
      for (const event of inside) {
        if (event === task || event.ts < task.ts || event.ts >= end || event.name === "RunTask") continue;
        children.set(event.name, (children.get(event.name) ?? 0) + (event.tdur ?? 0) / 1000);
      }
      const heaviest = [...children]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
        .join(", ");
      const when = paint === undefined ? "" : task.ts < paint ? " before FCP" : " after FCP";
      return `  at ${((task.ts - start) / 1000).toFixed(0)} ms${when}: ${((task.tdur ?? 0) / 1000).toFixed(1)} ms CPU (${heaviest})`;
    })
    .join("\n");
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: ["--no-sandbox"],
});
const results = new Map(
  urls.map((url) => [url, [] as { cpu: number; blocking: number; afterPaint: number; afterLoad: number }[]]),
);
try {
  for (let run = 0; run < RUNS; run++) {
    for (const url of run % 2 ? [...urls].reverse() : urls) {
      const page = await browser.newPage();
      await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
      await page.goto(url);
      // Our pages mark hydration on <html>; another app (the plain one) has its router once hydrated.
      // A small function of our own polls for it: `page.waitForFunction` would first inject Playwright's
      // selector engine (about 330 KB of script) into the page, a 25-40 ms task of Playwright's own
      // after the load event that Lighthouse never runs and that was counted as the page's.
      // (A string: tsx would wrap a named function in a helper the page does not have.)
      await page.evaluate(`new Promise((resolve, reject) => {
        const deadline = Date.now() + 60000;
        (function check() {
          if (document.documentElement.dataset.hydrated || "__remixRouter" in window) resolve();
          else if (Date.now() > deadline) reject(new Error("not hydrated within 60 s"));
          else setTimeout(check, 50);
        })();
      })`);
      await page.waitForTimeout(1_500);
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      // The page's renderer is the one main thread with the most tasks (the first is about:blank's).
      const tasks = traceEvents
        .filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain")
        .map((main) =>
          traceEvents.filter(
            (event) => event.pid === main.pid && event.tid === main.tid && event.ph === "X" && event.name === "RunTask",
          ),
        )
        .sort((a, b) => b.length - a.length)[0]!;
      const cpu = tasks.map((task) => (task.tdur ?? task.dur ?? 0) / 1000);
      if (SHOW_TASKS) console.log(`${url}, run ${run + 1}:\n${describeLongTasks(traceEvents, tasks)}`);
      // Lighthouse counts blocking time from the first contentful paint on: the same sum over the tasks
      // that start after it (the first style, layout and paint task ends with that paint).
      const paint = traceEvents.find(
        (event) => event.name === "firstContentfulPaint" && event.pid === tasks[0]!.pid,
      )?.ts;
      const load = traceEvents.find(
        (event) => event.name === "MarkLoad" && event.pid === tasks[0]!.pid && event.ts > tasks[0]!.ts,
      )?.ts;
      const ranScripts = traceEvents
        .filter(
          (event) =>
            event.pid === tasks[0]!.pid &&
            event.tid === tasks[0]!.tid &&
            (event.name === "v8.evaluateModule" ||
              (event.name === "FunctionCall" && event.args?.data?.url?.includes("/assets/"))),
        )
        .map((event) => event.ts);
      const blockingMs = (ms: number) => Math.max(0, 4 * ms - 50);
      results.get(url)!.push({
        cpu: cpu.reduce((sum, ms) => sum + ms, 0),
        blocking: cpu.reduce((sum, ms) => sum + blockingMs(ms), 0),
        // The scripts' share: the tasks from the load event on (the modules start after it, decision 030)
        // that ran the page's modules (their evaluation, hydration's slices, the listeners), not the
        // browser's own (image decoding, garbage collection when idle).
        afterLoad: tasks.reduce(
          (sum, task, i) =>
            load !== undefined &&
            task.ts > load &&
            ranScripts.some((at) => at >= task.ts && at < task.ts + (task.dur ?? 0))
              ? sum + cpu[i]!
              : sum,
          0,
        ),
        afterPaint: tasks.reduce(
          (sum, task, i) => (paint !== undefined && task.ts > paint ? sum + blockingMs(cpu[i]!) : sum),
          0,
        ),
      });
      await page.close();
    }
  }
} finally {
  await browser.close();
}
console.log(
  "| page | main-thread CPU (median) | the modules' tasks after the load event, per run | median | blocking at 4× CPU, per run | median | of it after the first contentful paint, per run | median |\n|---|---|---|---|---|---|---|---|",
);
for (const [url, runs] of results) {
  const blocking = runs.map((run) => run.blocking);
  const afterPaint = runs.map((run) => run.afterPaint);
  const afterLoad = runs.map((run) => run.afterLoad);
  const each = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(" / ");
  console.log(
    `| ${url} | ${median(runs.map((run) => run.cpu)).toFixed(0)} ms | ${each(afterLoad)} | ${median(afterLoad).toFixed(0)} ms | ${each(blocking)} | ${median(blocking).toFixed(0)} ms | ${each(afterPaint)} | ${median(afterPaint).toFixed(0)} ms |`,
  );
}
