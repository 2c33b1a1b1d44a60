// Detects "/" typed at the start of a line and the filter typed after it, and lends the
// menu the keyboard while it is open. The menu itself is React (slash-menu.tsx); this
// plugin only reports { active, query, range } and forwards keys.
import { Extension } from "@tiptap/core";
import { type EditorState, Plugin, PluginKey, type Transaction } from "@tiptap/pm/state";

export interface SlashState {
  active: boolean;
  query: string;
  /** The "/filter" text to delete when a command runs. */
  from: number;
  to: number;
  /**
   * Start of the textblock the last document change happened in, while the menu is closed.
   * Chromium's typed "/" can reach ProseMirror with the caret still before it; the caret
   * lands after it in a selection-only step, which may then still open the menu there.
   */
  typedIn?: number;
}

export interface SlashHandlers {
  onChange: (state: SlashState, anchor: DOMRect | null) => void;
  /** Returns true when the open menu used the key (arrows, Enter, Escape, Tab). */
  onKeyDown: (event: KeyboardEvent) => boolean;
}

const slashPluginKey = new PluginKey<SlashState>("slashMenu");
const CLOSED: SlashState = { active: false, query: "", from: 0, to: 0 };
const DISMISS = "slashMenuDismiss";
// The filter: anything but another slash, short enough to still be a command name.
const TRIGGER = /^\/([^/\n]{0,40})$/;

function match(state: EditorState): { query: string; from: number; to: number } | null {
  const { selection } = state;
  if (!selection.empty) return null;
  const $from = selection.$from;
  if (!$from.parent.isTextblock || $from.parent.type.spec.code) return null;
  const before = $from.parent.textBetween(0, $from.parentOffset, undefined, "\ufffc");
  const m = TRIGGER.exec(before);
  return m ? { query: m[1] ?? "", from: $from.start(), to: selection.from } : null;
}

/** Whether `tr` is what put the "/" at `from` (a line start): it was not there before. */
function slashIsNew(tr: Transaction, from: number): boolean {
  const before = tr.mapping.invert().map(from);
  const end = Math.min(before + 1, tr.before.content.size);
  return tr.before.textBetween(before, end, undefined, "\ufffc") !== "/";
}

/**
 * The "/" this change typed into an empty line, read with the caret still before it (the
 * browser inserted it itself and left the caret in front). empty-line-input.ts now types
 * the first key of an empty line itself; this covers the cases it leaves to the browser.
 */
function slashAhead(tr: Transaction, state: EditorState): { query: string; from: number; to: number } | null {
  const { selection } = state;
  if (!selection.empty) return null;
  const $from = selection.$from;
  if (!$from.parent.isTextblock || $from.parent.type.spec.code || $from.parentOffset !== 0) return null;
  if ($from.parent.textContent !== "/") return null;
  const from = $from.start();
  return slashIsNew(tr, from) ? { query: "", from, to: from + 1 } : null;
}

/** The plugin's state after `tr`: opens on a "/" just typed at the start of a line, then follows the filter. */
export function nextSlashState(tr: Transaction, prev: SlashState, next: EditorState): SlashState {
  if (tr.getMeta(DISMISS)) return CLOSED;
  if (!tr.docChanged && !tr.selectionSet) return prev;
  const m = match(next);
  if (!m) {
    if (!tr.docChanged) return CLOSED;
    const ahead = slashAhead(tr, next);
    return ahead ? { active: true, ...ahead } : { ...CLOSED, typedIn: next.selection.$from.start() };
  }
  if (prev.active) return { active: true, ...m };
  const justTyped = tr.docChanged || prev.typedIn === m.from;
  if (!justTyped) return CLOSED;
  if (m.query === "") return { active: true, ...m };
  // A busy page can report the slash and the next keys in one change ("/z"): open when this
  // change is what put the slash there, not when letters follow a slash that was already
  // there (after Escape, say).
  return tr.docChanged && slashIsNew(tr, m.from) ? { active: true, ...m } : CLOSED;
}

/** Closes the menu without touching the text (Escape). */
export function dismissSlashMenu(state: EditorState) {
  return state.tr.setMeta(DISMISS, true);
}

export function createSlashExtension(handlers: SlashHandlers) {
  return Extension.create({
    name: "slashMenu",
    addProseMirrorPlugins() {
      return [
        new Plugin<SlashState>({
          key: slashPluginKey,
          state: {
            init: () => CLOSED,
            apply: (tr, prev, _old, next) => nextSlashState(tr, prev, next),
          },
          props: {
            handleKeyDown(view, event) {
              const s = slashPluginKey.getState(view.state);
              if (!s?.active) return false;
              if (event.key === "Escape") {
                view.dispatch(dismissSlashMenu(view.state));
                return true;
              }
              return handlers.onKeyDown(event);
            },
          },
          view() {
            let last: SlashState = CLOSED;
            return {
              update(view) {
                const s = slashPluginKey.getState(view.state) ?? CLOSED;
                // Closed to closed is no news for the menu (only typedIn moved).
                const unchanged = s === last || (!s.active && !last.active);
                last = s;
                if (unchanged) return;
                let anchor: DOMRect | null = null;
                if (s.active) {
                  const c = view.coordsAtPos(s.from);
                  anchor = new DOMRect(c.left, c.top, 0, c.bottom - c.top);
                }
                handlers.onChange(s, anchor);
              },
              destroy() {
                handlers.onChange(CLOSED, null);
              },
            };
          },
        }),
      ];
    },
  });
}
