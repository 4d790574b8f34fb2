import fs from "node:fs";

/**
 * CPU-seconds the worker's own processes have used: the worker itself (test code, Playwright's
 * driver), its Chromium (browser, zygote, renderers) and its shop server, each with the CPU of the
 * children it has reaped. Read from /proc (Linux); E2E_CPU=on records each test's share in the
 * JSON report (`cpu` annotations) to find where the suite's CPU goes; tests/e2e/cpu-report.ts sums them.
 */
export function processTreeCpu(rootPid: number, serverPid: number | undefined) {
  const stats = new Map<number, { ppid: number; ticks: number; chromium: boolean }>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let text: string;
    try {
      text = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    const close = text.lastIndexOf(")");
    const name = text.slice(text.indexOf("(") + 1, close);
    const fields = text.slice(close + 2).split(" ");
    // utime, stime, cutime, cstime are fields 14-17 of stat (11-14 after the name and state).
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    stats.set(Number(entry), { ppid: Number(fields[1]), ticks, chromium: name.startsWith("chromium") });
  }
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of stats) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const sum = (pid: number): number =>
    (stats.get(pid)?.ticks ?? 0) + (children.get(pid) ?? []).reduce((total, child) => total + sum(child), 0);
  const total = sum(rootPid);
  const server = serverPid ? sum(serverPid) : 0;
  const chromium = [...stats]
    .filter(([pid, { chromium }]) => chromium && !stats.get(stats.get(pid)!.ppid)?.chromium && isUnder(pid))
    .reduce((total, [pid]) => total + sum(pid), 0);
  function isUnder(pid: number): boolean {
    for (let at = stats.get(pid)?.ppid; at; at = stats.get(at)?.ppid) if (at === rootPid) return true;
    return false;
  }
  const hz = 100;
  return { total: total / hz, server: server / hz, chromium: chromium / hz };
}
