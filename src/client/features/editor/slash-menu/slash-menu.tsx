// The block (slash) menu: Basic Blocks and AI Commands, filtered by what
// follows the "/", arrow keys / Enter / Escape, "No commands found", at most 400 px high.
// Loaded at the text's first focus or the first "/" (editor-body.tsx); keys pressed in the
// open menu before then wait in the bridge (slash-bridge.ts) and are handled here on arrival.
import type { Editor } from "@tiptap/core";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { BLOCK_MENU_MAX_HEIGHT_PX } from "../../../../shared/limits";
import { cn } from "../../../lib/cn";
import type { EditorAiCommand } from "../types";
import { filterSlashCommands, groupSlashCommands, moveHighlight, type SlashCommand } from "./commands";
import { runSlashCommand } from "./run-command";
import type { SlashBridge } from "./slash-bridge";

export function SlashMenu({
  editor,
  bridge,
  onAiCommand,
}: {
  editor: Editor | null;
  bridge: SlashBridge;
  onAiCommand: (name: EditorAiCommand) => void;
}) {
  const [highlight, setHighlight] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);

  // The plugin's state, read through React's store subscription: a change reported between
  // this part's first render and its subscription (the keys typed while its code arrived)
  // is seen when it subscribes. Read at render and subscribed in an effect, a "/filter" typed
  // in that gap left the menu closed over an open filter: 6 of 60 tries of "/summar" right
  // after a click, Ctrl+End and Enter at load 7–10, 0 of 60 with the subscription (2026-11-28).
  const subscribe = useCallback(
    (notify: () => void) => {
      bridge.listener = notify;
      return () => {
        bridge.listener = null;
        bridge.keyHandler = null;
      };
    },
    [bridge],
  );
  const state = useSyncExternalStore(subscribe, () => bridge.state);
  // Set with each new state (slash-bridge.ts onChange).
  const anchor = bridge.anchor;
  const items = state.active ? filterSlashCommands(state.query) : [];
  const query = state.query;
  // A new filter starts at the first match.
  useEffect(() => setHighlight(0), [query, state.active]);

  const choose = (cmd: SlashCommand | undefined) => {
    if (!editor || !cmd) return;
    runSlashCommand(editor, cmd.id, { from: state.from, to: state.to }, onAiCommand);
  };

  bridge.keyHandler = (e) => {
    if (!state.active) return false;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      setHighlight((h) => moveHighlight(h, e.key === "ArrowDown" ? 1 : -1, items.length));
      return true;
    }
    if (e.key === "Enter" || e.key === "Tab") {
      if (items.length === 0) return e.key === "Tab";
      choose(items[Math.min(highlight, items.length - 1)]);
      return true;
    }
    return false;
  };

  // Keys pressed in the menu before this code had arrived (a fast "/h" and Enter).
  useEffect(() => {
    for (const key of bridge.pending.splice(0)) bridge.keyHandler?.(key);
  });

  useLayoutEffect(() => {
    listRef.current?.querySelector<HTMLElement>("[aria-selected='true']")?.scrollIntoView({ block: "nearest" });
  });

  if (!state.active || !anchor) return null;
  const groups = groupSlashCommands(items);
  // Below the line if 400 px fit there, else on the roomier side, never past the window.
  const spaceBelow = window.innerHeight - anchor.bottom - 8;
  const spaceAbove = anchor.top - 8;
  const below = spaceBelow >= BLOCK_MENU_MAX_HEIGHT_PX || spaceBelow >= spaceAbove;
  const maxHeight = Math.max(120, Math.min(BLOCK_MENU_MAX_HEIGHT_PX, below ? spaceBelow : spaceAbove));
  let index = -1;
  return (
    <div
      ref={listRef}
      role="listbox"
      aria-label="Insert block"
      id="slash-menu"
      className="fixed z-50 w-72 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-lg"
      style={{
        maxHeight,
        left: Math.max(8, Math.min(anchor.left, window.innerWidth - 296)),
        ...(below ? { top: anchor.bottom + 4 } : { bottom: window.innerHeight - anchor.top + 4 }),
      }}
      // Keep the editor focused while clicking an item.
      onMouseDown={(e) => e.preventDefault()}
    >
      {groups.length === 0 && <p className="px-3 py-2 text-sm text-muted-foreground">No commands found</p>}
      {groups.map((g) => (
        // biome-ignore lint/a11y/useSemanticElements: ARIA listbox groups are role="group", not form fieldsets
        <div key={g.group} role="group" aria-label={g.group}>
          <p className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">{g.group}</p>
          {g.commands.map((cmd) => {
            index++;
            const i = index;
            const selected = i === Math.min(highlight, items.length - 1);
            return (
              <div
                key={cmd.id}
                role="option"
                tabIndex={-1}
                aria-selected={selected}
                className={cn("flex cursor-pointer flex-col rounded-sm px-2 py-1.5 text-sm", selected && "bg-accent text-accent-foreground")}
                onMouseEnter={() => setHighlight(i)}
                onClick={() => choose(cmd)}
              >
                <span className="font-medium">{cmd.title}</span>
                <span className="text-xs text-muted-foreground">{cmd.description}</span>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
