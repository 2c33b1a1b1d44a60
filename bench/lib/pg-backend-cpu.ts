// CPU time of the PostgreSQL backends serving one database, read from /proc (Linux, the
// server on this machine). On PostgreSQL the database's work is done in those processes, not
// in the bench's: process.cpuUsage() alone would leave the statement's own cost out. Only
// the backends connected to the bench's (throwaway) database are counted; the shared
// WAL writer, checkpointer and background writer are not.
import fs from "node:fs";
import type { SqlRunner } from "../../src/server/db/index.js";

const TICKS_PER_SECOND = 100;

/** utime + stime of a process in ms, or null when it is gone or unreadable. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

async function backendPids(sql: SqlRunner): Promise<number[]> {
  const rows = await sql.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database()");
  return rows.map((r) => Number(r.pid));
}

/**
 * Starts a meter; the returned function answers the backends' CPU (ms) since then. A
 * backend that connected meanwhile counts from zero; one that ended is lost (the pool keeps
 * its connections open, so none do during a run).
 */
export async function pgBackendCpu(sql: SqlRunner): Promise<() => Promise<number>> {
  const start = new Map<number, number>();
  for (const pid of await backendPids(sql)) start.set(pid, processCpuMs(pid) ?? 0);
  return async () => {
    let total = 0;
    for (const pid of await backendPids(sql)) {
      const now = processCpuMs(pid);
      if (now !== null) total += now - (start.get(pid) ?? 0);
    }
    return total;
  };
}
