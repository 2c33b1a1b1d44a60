// The find bar under the editor's toolbar: a query with match case and whole word, the
// count ("3 of 12"), previous/next, and for those who may edit, replace and replace all.
// Enter / Shift+Enter step through matches; Escape closes it and gives the text focus back.
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { CaseSensitive, ChevronDown, ChevronRight, ChevronUp, WholeWord, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { ToolbarButton } from "../toolbar/toolbar-button";
import { clearFind, findStep, replaceAll, replaceCurrent, setFindQuery } from "./find-commands";
import { findKey } from "./find-extension";
import { MAX_MATCHES } from "./matching";
import type { FindBarControl } from "./use-find-bar";
import "./find.css";

function countText(query: string, count: number, current: number): string {
  if (!query) return "";
  if (count === 0) return "No results";
  return `${current + 1} of ${count}${count >= MAX_MATCHES ? "+" : ""}`;
}

export function FindBar({ editor, control, canReplace }: { editor: Editor; control: FindBarControl; canReplace: boolean }) {
  const [query, setQuery] = useState("");
  const [replacement, setReplacement] = useState("");
  const [matchCase, setMatchCase] = useState(false);
  const [wholeWord, setWholeWord] = useState(false);
  const findInput = useRef<HTMLInputElement>(null);
  const { open, focus, close } = control;
  const showReplace = canReplace && control.replace;

  const found = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const s = e ? findKey.getState(e.state) : undefined;
      return { count: s?.matches.length ?? 0, current: s?.current ?? -1 };
    },
  });

  useEffect(() => {
    if (open) setFindQuery(editor, query, { matchCase, wholeWord });
    else clearFind(editor);
  }, [editor, open, query, matchCase, wholeWord]);

  // Each opening (a new `focus`) selects the query again.
  useEffect(() => {
    if (!open) return;
    findInput.current?.focus();
    findInput.current?.select();
  }, [open, focus]);

  if (!open) return null;
  const count = found?.count ?? 0;

  const onBarKey = (e: KeyboardEvent) => {
    if (e.key !== "Escape") return;
    e.preventDefault();
    close();
    editor.view.focus();
  };
  const onFindKey = (e: KeyboardEvent) => {
    if (e.key !== "Enter" || e.nativeEvent.isComposing) return;
    e.preventDefault();
    findStep(editor, e.shiftKey ? -1 : 1);
  };
  const onReplaceKey = (e: KeyboardEvent) => {
    if (e.key !== "Enter" || e.nativeEvent.isComposing) return;
    e.preventDefault();
    replaceCurrent(editor, replacement);
  };
  // With no match left the replace buttons turn disabled and would drop focus out of the bar
  // (and Escape with it); the query field takes it.
  const afterReplace = () => {
    if (!findKey.getState(editor.state)?.matches.length) findInput.current?.focus();
  };

  return (
    // Escape anywhere in the bar closes it.
    <search
      aria-label="Find in document"
      onKeyDown={onBarKey}
      className="flex shrink-0 flex-wrap items-center gap-1 border-b bg-card px-2 py-1.5 sm:px-4"
    >
      <div className="flex min-w-0 basis-full items-center gap-1">
        {canReplace && (
          <ToolbarButton label={showReplace ? "Hide replace" : "Show replace"} shortcut="Ctrl+H" onClick={() => control.setReplace(!showReplace)}>
            {showReplace ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
          </ToolbarButton>
        )}
        <Input
          ref={findInput}
          aria-label="Find"
          placeholder="Find"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onFindKey}
          className="h-8 min-w-0 flex-1 sm:max-w-xs"
        />
        <span aria-live="polite" data-testid="find-count" className="min-w-16 shrink-0 px-1 text-xs text-muted-foreground tabular-nums">
          {countText(query, count, found?.current ?? -1)}
        </span>
        <ToolbarButton label="Match case" active={matchCase} onClick={() => setMatchCase(!matchCase)}>
          <CaseSensitive aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Whole word" active={wholeWord} onClick={() => setWholeWord(!wholeWord)}>
          <WholeWord aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Previous match" shortcut="Shift+Enter" disabled={count === 0} onClick={() => findStep(editor, -1)}>
          <ChevronUp aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Next match" shortcut="Enter" disabled={count === 0} onClick={() => findStep(editor, 1)}>
          <ChevronDown aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton
          label="Close find"
          shortcut="Escape"
          onClick={() => {
            close();
            editor.view.focus();
          }}
        >
          <X aria-hidden="true" />
        </ToolbarButton>
      </div>
      {showReplace && (
        <div className="flex min-w-0 basis-full items-center gap-1 ps-9">
          <Input
            aria-label="Replace with"
            placeholder="Replace with"
            value={replacement}
            onChange={(e) => setReplacement(e.target.value)}
            onKeyDown={onReplaceKey}
            className="h-8 min-w-0 flex-1 sm:max-w-xs"
          />
          <Button
            variant="outline"
            size="sm"
            disabled={count === 0}
            onClick={() => {
              replaceCurrent(editor, replacement);
              afterReplace();
            }}
          >
            Replace
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={count === 0}
            onClick={() => {
              replaceAll(editor, replacement);
              afterReplace();
            }}
          >
            Replace all
          </Button>
        </div>
      )}
    </search>
  );
}
