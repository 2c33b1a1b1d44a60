// CPU time per thread of this process, from /proc/self/task (Linux; empty elsewhere). Node
// names every thread "node", so a caller tells them apart by what they do: the main thread
// has the process's id, PGlite's is the busiest other thread while only the database works.
import fs from "node:fs";

const TICKS_PER_SECOND = 100;

/** ms of CPU (user + system) per thread id. */
export function threadCpu(): Map<number, number> {
  const out = new Map<number, number>();
  let tids: string[];
  try {
    tids = fs.readdirSync("/proc/self/task");
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(Number(tid), ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/** What each thread used between two readings. */
export function threadCpuSince(start: Map<number, number>, end = threadCpu()): Map<number, number> {
  const out = new Map<number, number>();
  for (const [tid, ms] of end) out.set(tid, ms - (start.get(tid) ?? 0));
  return out;
}
