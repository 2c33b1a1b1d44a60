// Percentiles and the machine line every benchmark prints with its figures.
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
  return `machine: ${os.cpus().length} cores (${cpu.trim()}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, ${new Date().toISOString()}`;
}

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : (process.env[`BENCH_${name.toUpperCase()}`] ?? fallback);
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;
