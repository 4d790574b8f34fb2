// `node --import tsx bench/main-thread.ts <url>...`: each page's load in Chromium headless, traced, with
// the main thread's tasks measured in CPU time (the trace's thread duration), not wall time. On a busy
// machine Lighthouse's total blocking time grows with the load (it multiplies the tasks' wall time by
// 4); this stays near what the page costs. It gives the main thread's CPU from navigation until 1.5 s
// after hydration, and the blocking time those tasks would make at 4× slower (Lighthouse mobile's
// CPU factor): the sum over tasks of 4 × CPU − 50 ms. Pages alternate, MAIN_THREAD_RUNS rounds (default
// 5), medians. Start the servers first (`npm start`, the plain app, a before build on another port).
import { chromium } from "playwright";

const RUNS = Number(process.env.MAIN_THREAD_RUNS ?? 5);
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
  args?: { name?: string };
};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: ["--no-sandbox"],
});
const results = new Map(urls.map((url) => [url, [] as { cpu: number; blocking: number }[]]));
try {
  for (let run = 0; run < RUNS; run++) {
    for (const url of run % 2 ? [...urls].reverse() : urls) {
      const page = await browser.newPage();
      await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
      await page.goto(url);
      // Our pages mark hydration on <html>; another app (the plain one) has its router once hydrated.
      await page.waitForFunction(() => !!document.documentElement.dataset.hydrated || "__remixRouter" in window, null, {
        timeout: 60_000,
      });
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
      results.get(url)!.push({
        cpu: cpu.reduce((sum, ms) => sum + ms, 0),
        blocking: cpu.reduce((sum, ms) => sum + Math.max(0, 4 * ms - 50), 0),
      });
      await page.close();
    }
  }
} finally {
  await browser.close();
}
console.log("| page | main-thread CPU (median) | blocking at 4× CPU, per run | median |\n|---|---|---|---|");
for (const [url, runs] of results) {
  const blocking = runs.map((run) => run.blocking);
  console.log(
    `| ${url} | ${median(runs.map((run) => run.cpu)).toFixed(0)} ms | ${blocking.map((ms) => ms.toFixed(0)).join(" / ")} | ${median(blocking).toFixed(0)} ms |`,
  );
}
