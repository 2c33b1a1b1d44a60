// Runs harper.js in a process of its own (grammar-worker.mjs), started by the first check
// and stopped after `idleMs` without one: loaded, the checker holds about 0.3 GB, which an
// idle server should not. A check that finds it stopped starts it again (≈2–3 s to load).
// The process is referenced only while checks are pending, so an idle one never keeps the
// server (or a test run) alive; if it stops on its own, pending checks fail with the reason
// and the next check starts a new one.
import { type ChildProcess, fork } from "node:child_process";

import type { CheckResult } from "../../../shared/grammar/lint.js";

export type { CheckResult, PlainLint } from "../../../shared/grammar/lint.js";

/** How the idle time is measured; tests pass timers they can advance. */
export interface IdleTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: IdleTimers = {
  set: (fn, ms) => setTimeout(fn, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

type Reply = { id: number; result?: CheckResult; error?: { message: string } };

export class GrammarChecker {
  private child: ChildProcess | null = null;
  private pending = new Map<number, { resolve: (result: CheckResult) => void; reject: (err: Error) => void }>();
  private nextId = 1;
  private idleTimer: unknown = null;
  private readonly timers: IdleTimers;
  /** Resolves once the most recently started process has exited. */
  lastExit: Promise<void> = Promise.resolve();

  constructor(private readonly opts: { idleMs: number; timers?: IdleTimers }) {
    this.timers = opts.timers ?? realTimers;
  }

  /** Whether the checker's process is running (started and not yet released or stopped). */
  get loaded(): boolean {
    return this.child !== null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  lint(text: string): Promise<CheckResult> {
    this.cancelIdle();
    const child = this.child ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) setReferenced(child, true);
      this.pending.set(id, { resolve, reject });
      child.send({ id, text });
    });
  }

  /** Stops the process now unless a check is pending; resolves once it has exited (or at once if it stays). */
  release(): Promise<void> {
    if (this.pending.size > 0) return Promise.resolve();
    this.cancelIdle();
    this.child?.kill();
    this.child = null;
    return this.lastExit;
  }

  private start(): ChildProcess {
    // No inherited flags: under a test runner they may name loaders the checker has no use for.
    const child = fork(new URL("./grammar-worker.mjs", import.meta.url), [], { execArgv: [], serialization: "advanced" });
    this.child = child;
    this.lastExit = new Promise((resolve) => child.once("exit", () => resolve()));
    child.on("message", (msg: Reply) => {
      const waiter = this.pending.get(msg.id);
      if (!waiter) return;
      this.pending.delete(msg.id);
      if (msg.error) waiter.reject(new Error(msg.error.message));
      else waiter.resolve(msg.result ?? { lints: [], freq: {} });
      if (this.pending.size === 0) this.becameIdle(child);
    });
    child.on("error", (err) => this.stopped(child, err));
    child.on("exit", (code, signal) => this.stopped(child, new Error(`The grammar checker stopped (${signal ?? `exit code ${code}`})`)));
    setReferenced(child, false);
    return child;
  }

  private becameIdle(child: ChildProcess) {
    if (this.child !== child) return;
    setReferenced(child, false);
    this.idleTimer = this.timers.set(() => {
      this.idleTimer = null;
      void this.release();
    }, this.opts.idleMs);
  }

  private cancelIdle() {
    if (this.idleTimer === null) return;
    this.timers.clear(this.idleTimer);
    this.idleTimer = null;
  }

  /** The process failed or exited: its pending checks fail, and the next check starts anew. */
  private stopped(child: ChildProcess, err: Error) {
    if (this.child !== child) return;
    this.child = null;
    this.cancelIdle();
    for (const waiter of this.pending.values()) waiter.reject(err);
    this.pending.clear();
  }
}

function setReferenced(child: ChildProcess, referenced: boolean) {
  if (referenced) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}
