import type { Theme } from "../../shared/contracts/settings";

/** localStorage key; the inline script in index.html reads the same key before first paint. */
const THEME_STORAGE_KEY = "draftsmith.theme";

const darkQuery = () => window.matchMedia("(prefers-color-scheme: dark)");

// A record rather than the contract's THEMES list: that module builds zod schemas, which the
// first paint does not need. The Record type fails to compile when a theme is added there.
const THEME_NAMES: Record<Theme, true> = { light: true, dark: true, system: true };

function isTheme(v: unknown): v is Theme {
  return typeof v === "string" && Object.hasOwn(THEME_NAMES, v);
}

/** The saved choice, "system" when unset, invalid or storage is unavailable (private mode). */
export function getStoredTheme(): Theme {
  try {
    const v = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(v) ? v : "system";
  } catch {
    return "system";
  }
}

function paint(theme: Theme): void {
  const dark = theme === "dark" || (theme === "system" && darkQuery().matches);
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  // Native controls and scrollbars follow too.
  root.style.colorScheme = dark ? "dark" : "light";
}

let current: Theme = "system";
let listening = false;

// One listener for the page's life; it only repaints while the choice is "system".
function listenToOs(): void {
  if (listening) return;
  listening = true;
  darkQuery().addEventListener("change", () => {
    if (current === "system") paint("system");
  });
}

/** Applies a theme to <html> now, saves it, and follows the OS while it is "system". */
export function applyTheme(theme: Theme): void {
  current = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be full or blocked; the theme still applies for this page.
  }
  paint(theme);
  listenToOs();
}

/** Called once at start-up: re-applies the saved theme and attaches the OS listener. */
export function initTheme(): void {
  current = getStoredTheme();
  paint(current);
  listenToOs();
}
