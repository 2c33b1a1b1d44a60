// Percentiles and the machine line every benchmark prints with its figures.
import fs from "node:fs";
import os from "node:os";

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

export function summarize(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
}

export function machineLine(): string {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  return `machine: ${os.cpus().length} cores (${cpu.trim()}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, ${new Date().toISOString()}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`;
}

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : (process.env[`BENCH_${name.toUpperCase()}`] ?? fallback);
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * The share of CPU time the hypervisor gave to other guests ("steal") between two calls, on
 * Linux. On a shared VM it swings from 0 to 20% within minutes, and every figure moves
 * with it, so benchmarks print it beside their figures.
 */
export function stealMeter(): () => string {
  const read = () => {
    try {
      const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
      return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
    } catch {
      return null;
    }
  };
  const start = read();
  return () => {
    const end = read();
    if (!start || !end || end.total === start.total) return "host steal: unknown";
    return `host steal: ${((100 * (end.steal - start.steal)) / (end.total - start.total)).toFixed(1)}% of CPU time`;
  };
}
