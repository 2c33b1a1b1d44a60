// Bridges the slash menu's ProseMirror plugin (slash-plugin.ts, created with the editor) to
// the menu component (slash-menu.tsx, loaded at the text's first focus or the first "/").
// Until the menu's code has arrived, the keys it would take in an open menu (arrows, Enter,
// Tab) are kept here and handed to it once it is there, so "/heading" and a fast Enter still
// pick Heading rather than start a new line.
import type { SlashHandlers, SlashState } from "./slash-plugin";

const MENU_KEYS = ["ArrowDown", "ArrowUp", "Enter", "Tab"];

export interface SlashBridge {
  state: SlashState;
  anchor: DOMRect | null;
  listener: (() => void) | null;
  keyHandler: ((e: KeyboardEvent) => boolean) | null;
  /** Keys pressed in the open menu before its code had loaded. */
  pending: KeyboardEvent[];
  handlers: SlashHandlers;
}

export function createSlashBridge(): SlashBridge {
  const bridge: SlashBridge = {
    state: { active: false, query: "", from: 0, to: 0 },
    anchor: null,
    listener: null,
    keyHandler: null,
    pending: [],
    handlers: {
      onChange(state, anchor) {
        bridge.state = state;
        bridge.anchor = anchor;
        if (!state.active) bridge.pending.length = 0;
        bridge.listener?.();
      },
      onKeyDown: (e) => {
        if (bridge.keyHandler) return bridge.keyHandler(e);
        if (!bridge.state.active || !MENU_KEYS.includes(e.key)) return false;
        bridge.pending.push(e);
        return true;
      },
    },
  };
  return bridge;
}
