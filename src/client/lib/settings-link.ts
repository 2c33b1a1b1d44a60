// Opening the settings dialog at a given section from anywhere (e.g. "Connect a model" in an
// AI error): the dialog belongs to the page, so a feature asks for it with a window event
// and the page that shows the dialog listens (useSettingsRequests).
import { useEffect } from "react";

/** The settings section of the user's own model connection. */
export const AI_CONNECTION_SECTION = "ai-connection";
/** The plans and the upgrade buttons (an action the plan lacks offers to go there). */
export const SUBSCRIPTION_SECTION = "subscription";
export type SettingsSection = typeof AI_CONNECTION_SECTION | typeof SUBSCRIPTION_SECTION;

const EVENT = "draftsmith:open-settings";

/** Asks the page to open the settings dialog, at `section` when given. */
export function openSettings(section?: SettingsSection): void {
  window.dispatchEvent(new CustomEvent<{ section?: SettingsSection }>(EVENT, { detail: { section } }));
}

/** For the page that owns the settings dialog: called with each request to open it. */
export function useSettingsRequests(onOpen: (section: SettingsSection | undefined) => void): void {
  useEffect(() => {
    const listener = (e: Event) => onOpen((e as CustomEvent<{ section?: SettingsSection }>).detail?.section);
    window.addEventListener(EVENT, listener);
    return () => window.removeEventListener(EVENT, listener);
  }, [onOpen]);
}
