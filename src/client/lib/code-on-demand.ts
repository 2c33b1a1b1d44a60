// Code a plugin registered at the editor's creation fetches on its first need (every plugin
// is registered then; only the code it calls comes later, see docs/ARCHITECTURE.md). The
// plugin reads `loaded` synchronously in its handlers and does without until it arrives.
export interface CodeOnDemand<T> {
  /** The code once it has arrived; null before. */
  readonly loaded: T | null;
  /** Fetches it (once; a failed download is tried again at the next call). */
  load(): Promise<T>;
}

/** `fetch` is the module's dynamic import(); `onArrival` runs once, when it first arrives. */
export function codeOnDemand<T>(fetch: () => Promise<T>, onArrival?: (code: T) => void): CodeOnDemand<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    get loaded() {
      return loaded;
    },
    load() {
      loading ??= fetch().then(
        (code) => {
          loaded = code;
          onArrival?.(code);
          return code;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}
