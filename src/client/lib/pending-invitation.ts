// An emailed invitation opened while signed out: its token is kept on this device through
// sign-in or sign-up (and an email confirmation), and the dashboard takes the user back to
// it once they are signed in. Kept for a day; a stale or taken link answers 404 anyway.
const KEY = "draftsmith:invitation";
const TTL_MS = 24 * 60 * 60 * 1000;

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // storage blocked: the invitee follows the emailed link again after signing in
  }
}

export function savePendingInvitation(token: string, now = Date.now()): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ token, savedAt: now }));
  } catch {
    // quota or privacy mode: nothing kept
  }
}

export function readPendingInvitation(now = Date.now()): string | null {
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    const { token, savedAt } = JSON.parse(raw) as { token?: unknown; savedAt?: unknown };
    if (typeof token !== "string" || typeof savedAt !== "number" || now - savedAt > TTL_MS) return null;
    return token;
  } catch {
    return null;
  }
}

export function clearPendingInvitation(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
