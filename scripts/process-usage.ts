import fs from "node:fs";

/** Clock ticks a second in /proc (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time another process has used so far (user and system, all its threads), in
 * milliseconds, from /proc/<pid>/stat (utime and stime, fields 14 and 15, in clock ticks of 10 ms).
 * What a load costs a server whatever else the machine runs, where requests a second and wall time
 * move with the load: the benches and the timed tests read a server's CPU before and after.
 */
export function processCpuMs(pid: number) {
  // After "pid (comm) " the fields count from the third: utime and stime are the 12th and 13th.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000;
}

/** Another process's resident memory in MB (VmRSS of /proc/<pid>/status). */
export function processResidentMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}
