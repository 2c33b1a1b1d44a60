// The check as you type in one editor, loaded on demand (index.ts) only when the writer has it
// on: registers the plugin, reads the personal lists, and shows a problem's choices when its
// underline is clicked, tapped, hovered, or reached with Alt+Enter.
import type { Editor } from "@tiptap/react";
import { useEffect, useRef, useState } from "react";
import type { GrammarCheckResponse } from "../../../shared/contracts/grammar";
import { AI_CAPABILITIES_QUERY_KEY, fetchAiCapabilities } from "../../lib/ai-capabilities-query";
import { apiJson } from "../../lib/api";
import { queryClient } from "../../lib/query-client";
import { toast } from "../../lib/toast";
import { createServiceChecker, createWorkerChecker } from "./checker";
import "./grammar.css";
import { ParagraphCache } from "./paragraph-cache";
import { PersonalDictionaryStore } from "./personal-dictionary";
import { createGrammarPlugin, grammarKey, type PlacedProblem, problemAt, refreshGrammar } from "./plugin";
import { ProblemPopover } from "./problem-popover";

/** How long the pointer rests on an underline before its choices open. */
const HOVER_MS = 400;

export interface OpenProblem {
  problem: PlacedProblem;
  rect: DOMRect;
  /** Opened from the keyboard: focus goes into the choices and comes back on close. */
  byKeyboard: boolean;
}

export default function GrammarLayer({ editor }: { editor: Editor }) {
  const [open, setOpen] = useState<OpenProblem | null>(null);
  const personal = useRef(new PersonalDictionaryStore());
  const cache = useRef(new ParagraphCache());

  useEffect(() => {
    // The server's LanguageTool when the operator connected one; the browser's own checker otherwise.
    const checker = createServiceChecker(
      createWorkerChecker(),
      async () =>
        (await queryClient.fetchQuery({ queryKey: AI_CAPABILITIES_QUERY_KEY, queryFn: ({ signal }) => fetchAiCapabilities(signal), staleTime: Number.POSITIVE_INFINITY })).grammarService === "languagetool",
      async (texts) => (await apiJson<GrammarCheckResponse>("POST", "/api/grammar/check", { texts })).results,
    );
    const abort = new AbortController();
    const rectOf = (p: PlacedProblem) => {
      const start = editor.view.coordsAtPos(p.from);
      const end = editor.view.coordsAtPos(p.to);
      return new DOMRect(start.left, start.top, Math.max(1, end.right - start.left), start.bottom - start.top);
    };
    const plugin = createGrammarPlugin({
      checker,
      cache: cache.current,
      personal: () => personal.current.current,
      onOpen: (problem) => setOpen({ problem, rect: rectOf(problem), byKeyboard: true }),
    });
    // Ahead of the editor's own keys, so Alt+Enter reaches it.
    editor.registerPlugin(plugin, (p, plugins) => [p, ...plugins]);
    // The lists arrive after the first marks may have: redraw without what they leave out.
    personal.current
      .load(abort.signal)
      .then(() => {
        if (!editor.isDestroyed) refreshGrammar(editor.view);
      })
      .catch(() => {});

    const dom = editor.view.dom;
    let hover: ReturnType<typeof setTimeout> | null = null;
    const markAt = (target: EventTarget | null) => (target instanceof Element ? target.closest(".grammar-mark") : null);
    const openAt = (el: Element) => {
      const pos = editor.view.posAtDOM(el, 0);
      const problem = problemAt(editor.state, pos) ?? problemAt(editor.state, pos + 1);
      if (problem) setOpen({ problem, rect: el.getBoundingClientRect(), byKeyboard: false });
    };
    const onClick = (e: MouseEvent) => {
      if (hover) clearTimeout(hover);
      const el = markAt(e.target);
      if (el) openAt(el);
    };
    const onOver = (e: PointerEvent) => {
      if (e.pointerType !== "mouse") return;
      if (hover) clearTimeout(hover);
      const el = markAt(e.target);
      if (el) hover = setTimeout(() => openAt(el), HOVER_MS);
    };
    const onOut = () => {
      if (hover) clearTimeout(hover);
    };
    dom.addEventListener("click", onClick);
    dom.addEventListener("pointerover", onOver);
    dom.addEventListener("pointerout", onOut);
    return () => {
      abort.abort();
      if (hover) clearTimeout(hover);
      dom.removeEventListener("click", onClick);
      dom.removeEventListener("pointerover", onOver);
      dom.removeEventListener("pointerout", onOut);
      if (!editor.isDestroyed) editor.unregisterPlugin(grammarKey);
      checker.dispose();
    };
  }, [editor]);

  // The text under an open problem changed (typing, a collaborator): its choices no longer apply.
  useEffect(() => {
    if (!open) return;
    const onUpdate = () => {
      const now = problemAt(editor.state, open.problem.from);
      if (!now || now.original !== open.problem.original || now.from !== open.problem.from) setOpen(null);
    };
    editor.on("transaction", onUpdate);
    return () => {
      editor.off("transaction", onUpdate);
    };
  }, [editor, open]);

  if (!open) return null;

  const close = () => {
    const byKeyboard = open.byKeyboard;
    setOpen(null);
    if (byKeyboard) editor.commands.focus();
  };

  const accept = (candidate: string) => {
    const { from, to, original } = open.problem;
    // Only when the text there is still what was flagged.
    if (editor.state.doc.textBetween(from, to) === original) {
      editor.view.dispatch(editor.state.tr.insertText(candidate, from, to));
    }
    setOpen(null);
    editor.commands.focus();
  };

  const remember = (change: Parameters<PersonalDictionaryStore["change"]>[0]) => {
    const saving = personal.current.change(change);
    refreshGrammar(editor.view);
    setOpen(null);
    editor.commands.focus();
    saving.catch(() => toast({ title: "Could not save that to your dictionary", description: "Try again.", variant: "destructive" }));
  };

  return (
    <ProblemPopover
      open={open}
      onAccept={accept}
      onIgnore={() => remember({ add: { ignored: [{ rule: open.problem.rule, text: open.problem.original }] } })}
      onAddWord={() => remember({ add: { words: [open.problem.original] } })}
      onClose={close}
    />
  );
}
