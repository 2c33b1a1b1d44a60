// A returning user starts from the session auth-js stored, without downloading auth-js,
// while the access token is good for more than two minutes; otherwise (or when the URL
// brings new tokens, or another tab changes the session) auth-js is loaded to do its work.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const constructed = vi.fn();
vi.mock("@supabase/auth-js", () => ({
  AuthClient: class {
    constructor() {
      constructed();
    }
    getSession() {
      return Promise.resolve({ data: { session: { access_token: "from-auth-js" } } });
    }
  },
}));

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const stored = (secondsLeft: number) => ({
  access_token: "stored-token",
  refresh_token: "refresh",
  token_type: "bearer",
  expires_in: 3600,
  expires_at: NOW / 1000 + secondsLeft,
  user: { id: "user-1", email: "ada@example.com" },
});

let storage: Map<string, string>;
let location: { hash: string; search: string; origin: string };
const windowListeners = new Map<string, (e: unknown) => void>();

beforeEach(() => {
  vi.resetModules();
  constructed.mockClear();
  vi.useFakeTimers({ now: NOW, toFake: ["Date", "setTimeout", "clearTimeout"] });
  storage = new Map();
  location = { hash: "", search: "", origin: "http://localhost" };
  windowListeners.clear();
  vi.stubGlobal("localStorage", { getItem: (k: string) => storage.get(k) ?? null });
  vi.stubGlobal("window", {
    location,
    addEventListener: (type: string, fn: (e: unknown) => void) => windowListeners.set(type, fn),
    removeEventListener: (type: string) => windowListeners.delete(type),
  });
  vi.stubGlobal("document", { visibilityState: "visible", addEventListener: () => {}, removeEventListener: () => {} });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("storedSession and getAccessToken", () => {
  it("answers with the stored token without loading auth-js while it has more than two minutes left", async () => {
    const auth = await import("./auth-client");
    storage.set(auth.AUTH_STORAGE_KEY, JSON.stringify(stored(3000)));
    expect(auth.storedSession()?.user.id).toBe("user-1");
    expect(await auth.getAccessToken()).toBe("stored-token");
    expect(constructed).not.toHaveBeenCalled();
  });

  it("loads auth-js when the token is about to expire, the stored session is incomplete, or the URL brings tokens", async () => {
    const auth = await import("./auth-client");
    storage.set(auth.AUTH_STORAGE_KEY, JSON.stringify(stored(100)));
    expect(auth.storedSession()).toBeNull();
    storage.set(auth.AUTH_STORAGE_KEY, JSON.stringify({ ...stored(3000), refresh_token: undefined }));
    expect(auth.storedSession()).toBeNull();
    storage.set(auth.AUTH_STORAGE_KEY, "not json");
    expect(auth.storedSession()).toBeNull();
    storage.set(auth.AUTH_STORAGE_KEY, JSON.stringify(stored(3000)));
    location.hash = "#access_token=new&refresh_token=r";
    expect(auth.storedSession()).toBeNull();
    expect(await auth.getAccessToken()).toBe("from-auth-js");
    expect(constructed).toHaveBeenCalledTimes(1);
  });

  it("is signed out at once with nothing stored", async () => {
    const auth = await import("./auth-client");
    expect(auth.storedSession()).toBeNull();
    expect(await auth.getAccessToken()).toBeNull();
    expect(constructed).not.toHaveBeenCalled();
  });
});

describe("loadClientWhenNeeded", () => {
  it("loads two minutes before the token expires", async () => {
    const auth = await import("./auth-client");
    const load = vi.fn();
    auth.loadClientWhenNeeded(stored(600) as never, load);
    vi.advanceTimersByTime(479_000);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(600_000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads when another tab changes the stored session, and not after being cancelled", async () => {
    const auth = await import("./auth-client");
    const load = vi.fn();
    auth.loadClientWhenNeeded(stored(3000) as never, load);
    windowListeners.get("storage")?.({ key: "something-else" });
    expect(load).not.toHaveBeenCalled();
    windowListeners.get("storage")?.({ key: auth.AUTH_STORAGE_KEY });
    expect(load).toHaveBeenCalledTimes(1);

    const other = vi.fn();
    const cancel = auth.loadClientWhenNeeded(stored(600) as never, other);
    cancel();
    vi.advanceTimersByTime(600_000);
    expect(other).not.toHaveBeenCalled();
  });
});
