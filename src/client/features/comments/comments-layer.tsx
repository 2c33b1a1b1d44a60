// The comments of the open document: each open thread's passage highlighted in the text
// (the active one stronger), the threads in the margin beside their passages on a wide
// screen (the active one raised) or in a bottom sheet on a phone, a composer for a new
// thread on the selected passage, and an Open / Resolved filter. Loaded after the editor's
// first paint (the editor page mounts it lazily), read again whenever the live connection
// says a thread changed.
import type { Editor } from "@tiptap/core";
import { MessageSquarePlus, X } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ThreadListResponse, ThreadView } from "../../../shared/contracts/comments";
import { isCommentAnchorId } from "../../../shared/editor/comment-anchor";
import { Button } from "../../components/ui/button";
import { Sheet, SheetContent, SheetTitle } from "../../components/ui/sheet";
import { isApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { type MarginAnchor, useMarginLayout } from "../../lib/margin-layout";
import { toast } from "../../lib/toast";
import { type AnchorRange, addAnchor, anchorAt, anchorRanges, newAnchorId, removeAnchor } from "./anchors";
import { markThreadRead, startThread } from "./api";
import { MentionField, type Picked, toBody } from "./mention-field";
import { ThreadCard } from "./thread-card";
import { useThreads } from "./use-threads";

export interface CommentsLayerProps {
  documentId: string;
  editor: Editor | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Wide screen: the margin beside the text; otherwise a bottom sheet. */
  wide: boolean;
  /** Changes each time the writer asks to comment on the selection (toolbar, bubble, Ctrl/Cmd+Alt+M). */
  commentRequest: number;
  /** The live connection's "a thread changed" notices. */
  onCommentsChanged: (listener: (threadId: string) => void) => () => void;
  /** Tells the toolbar how many threads are open. */
  onCount: (open: number) => void;
}

type Filter = "open" | "resolved";
const QUOTE_MAX = 500;

/** Highlights for the open threads' passages, the active one stronger. */
function HighlightStyle({ threads, active }: { threads: ThreadView[]; active: string | null }) {
  const css = threads
    .filter((t) => !t.resolved && isCommentAnchorId(t.anchor_id))
    .map((t) => {
      const strong = t.anchor_id === active;
      return `.ProseMirror .comment-anchor[data-comment-thread="${t.anchor_id}"]{background:color-mix(in oklch,#f59e0b ${strong ? 45 : 22}%,transparent);border-bottom:2px solid color-mix(in oklch,#f59e0b ${strong ? 90 : 60}%,transparent);cursor:pointer}`;
    })
    .join("\n");
  return <style data-comment-highlights>{css}</style>;
}

function Composer({ documentId, quote, onCancel, onSubmit }: { documentId: string; quote: string; onCancel: () => void; onSubmit: (body: string) => Promise<boolean> }) {
  const [body, setBody] = useState("");
  const [picked] = useState<Picked>(() => new Map());
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return;
    setBusy(true);
    if (await onSubmit(toBody(body, picked))) {
      setBody("");
      picked.clear();
    }
    setBusy(false);
  };
  return (
    <form onSubmit={submit} aria-label="New comment" className="flex flex-col gap-2 rounded-lg border border-primary bg-card p-3 shadow-lg" data-comment-composer>
      <blockquote className="line-clamp-2 border-l-2 border-amber-500 pl-2 text-xs text-muted-foreground">{quote}</blockquote>
      <MentionField
        documentId={documentId}
        picked={picked}
        aria-label="Comment"
        placeholder="Add a comment… (@ to mention)"
        value={body}
        autoFocus
        onValueChange={setBody}
        onKeyDown={(e) => {
          if (e.key === "Escape") onCancel();
          if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }
        }}
        className="min-h-16 text-sm"
      />
      <div className="flex justify-end gap-1">
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={busy || !body.trim()}>
          Comment
        </Button>
      </div>
    </form>
  );
}

function FilterTabs({ filter, onChange, counts }: { filter: Filter; onChange: (f: Filter) => void; counts: Record<Filter, number> }) {
  return (
    <div role="radiogroup" aria-label="Show threads" className="flex gap-1">
      {(["open", "resolved"] as const).map((f) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control of two radio buttons
        <button
          key={f}
          type="button"
          role="radio"
          aria-checked={filter === f}
          onClick={() => onChange(f)}
          className={cn(
            "rounded-md px-2 py-1 text-xs font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden",
            filter === f ? "bg-secondary text-secondary-foreground" : "text-muted-foreground hover:bg-accent",
          )}
        >
          {f === "open" ? "Open" : "Resolved"} ({counts[f]})
        </button>
      ))}
    </div>
  );
}

export default function CommentsLayer({ documentId, editor, open, onOpenChange, wide, commentRequest, onCommentsChanged, onCount }: CommentsLayerProps) {
  const threads = useThreads(documentId, onCommentsChanged);
  const list = threads.data?.threads ?? [];
  const canComment = threads.data?.can_comment ?? false;
  const [filter, setFilter] = useState<Filter>("open");
  const [active, setActive] = useState<string | null>(null);
  const [draft, setDraft] = useState<{ range: AnchorRange; quote: string } | null>(null);
  const [docVersion, setDocVersion] = useState(0);
  const [column, setColumn] = useState<HTMLElement | null>(null);

  // Passages move with every edit (anyone's): read them again on each change of the text.
  useEffect(() => {
    if (!editor) return;
    const bump = () => setDocVersion((v) => v + 1);
    editor.on("update", bump);
    return () => {
      editor.off("update", bump);
    };
  }, [editor]);
  // docVersion and list say when to read the passages again.
  const ranges = useMemo(() => (editor ? anchorRanges(editor) : new Map<string, AnchorRange>()), [editor, docVersion, list]);

  // A link to a thread (an inbox entry, a notification email: /editor/:id?thread=…) opens
  // the comments at it once the threads are read, and reads its notifications.
  const linked = useRef(new URLSearchParams(window.location.search).get("thread"));
  useEffect(() => {
    const id = linked.current;
    if (!id || !threads.data || !editor) return;
    linked.current = null;
    const url = new URL(window.location.href);
    url.searchParams.delete("thread");
    window.history.replaceState(window.history.state, "", url);
    const thread = threads.data.threads.find((t) => t.id === id);
    if (!thread) return void toast({ title: "That comment thread no longer exists" });
    setFilter(thread.resolved ? "resolved" : "open");
    setActive(thread.anchor_id);
    onOpenChange(true);
    void markThreadRead(thread.id).catch(() => undefined);
    requestAnimationFrame(() =>
      editor.view.dom.querySelector(`[data-comment-thread="${CSS.escape(thread.anchor_id)}"]`)?.scrollIntoView({ block: "center" }),
    );
  }, [threads.data, editor, onOpenChange]);

  const openCount = threads.data?.open_count ?? 0;
  useEffect(() => onCount(openCount), [openCount, onCount]);

  // A request to comment on the selection opens the composer beside it. The layer loads on the
  // first request (comments-slot.tsx), so a request made before it was here counts too: the
  // workspace's count starts at 0 for each document.
  const seenRequest = useRef(0);
  useEffect(() => {
    if (commentRequest === seenRequest.current || !editor) return;
    seenRequest.current = commentRequest;
    const { from, to, empty } = editor.state.selection;
    if (empty) {
      toast({ title: "Select some text to comment on" });
      return;
    }
    if (threads.data && !canComment) {
      toast({ title: "You can read comments here but not add them" });
      return;
    }
    setDraft({ range: { from, to }, quote: editor.state.doc.textBetween(from, to, " ").slice(0, QUOTE_MAX) });
    setFilter("open");
    onOpenChange(true);
  }, [commentRequest, editor, canComment, threads.data, onOpenChange]);

  // A click in a highlighted passage makes its thread the active one.
  useEffect(() => {
    if (!editor) return;
    const onClick = () => {
      const id = anchorAt(editor, editor.state.selection.from);
      const thread = id ? list.find((t) => t.anchor_id === id && !t.resolved) : undefined;
      if (!thread) return;
      setActive(thread.anchor_id);
      setFilter("open");
      onOpenChange(true);
    };
    const dom = editor.view.dom;
    dom.addEventListener("click", onClick);
    return () => dom.removeEventListener("click", onClick);
  }, [editor, list, onOpenChange]);

  const changed = useCallback(
    (thread: ThreadView | null, removedId?: string) => {
      const current = threads.data;
      if (!current) return void threads.refresh();
      let next: ThreadView[];
      if (!thread) next = current.threads.filter((t) => t.id !== removedId);
      else if (current.threads.some((t) => t.id === thread.id)) next = current.threads.map((t) => (t.id === thread.id ? thread : t));
      else next = [...current.threads, thread];
      const data: ThreadListResponse = { ...current, threads: next, open_count: next.filter((t) => !t.resolved).length };
      threads.replace(data);
    },
    [threads],
  );

  const submitDraft = async (body: string): Promise<boolean> => {
    if (!editor || !draft) return false;
    const anchorId = newAnchorId();
    // The anchor goes into the text first (it travels live to everyone), then the thread is saved.
    addAnchor(editor, draft.range, anchorId);
    try {
      const thread = await startThread(documentId, { anchor_id: anchorId, quote: draft.quote, body });
      changed(thread);
      setActive(anchorId);
      setDraft(null);
      return true;
    } catch (err) {
      removeAnchor(editor, anchorId);
      toast({ title: "The comment could not be saved", description: (isApiError(err) && err.body?.message) || "Please try again.", variant: "destructive" });
      return false;
    }
  };

  const shown = list.filter((t) => (filter === "open" ? !t.resolved : t.resolved));
  // Each card beside the first line of its passage (one position in, so a passage starting at
  // a line's end is not read as the line before); the composer beside the selection.
  const anchors = useMemo(() => {
    const out: MarginAnchor[] = shown.map((t) => {
      const r = ranges.get(t.anchor_id);
      return { id: t.anchor_id, pos: r ? r.from + 1 : null };
    });
    if (draft) out.push({ id: "draft", pos: draft.range.from });
    return out;
  }, [shown, ranges, draft]);
  // The composer is the card being written: it comes into view as the active one does.
  const { tops, measure } = useMarginLayout(wide && open ? editor : null, column, anchors, draft ? "draft" : active);
  const counts = { open: list.filter((t) => !t.resolved).length, resolved: list.filter((t) => t.resolved).length };

  const card = (t: ThreadView) => (
    <ThreadCard
      documentId={documentId}
      thread={t}
      canComment={canComment}
      active={active === t.anchor_id}
      detached={!ranges.has(t.anchor_id)}
      onActivate={() => setActive(t.anchor_id)}
      onChanged={(next) => changed(next, t.id)}
    />
  );
  const composer = draft && <Composer documentId={documentId} quote={draft.quote} onCancel={() => setDraft(null)} onSubmit={submitDraft} />;
  const header = (
    <div className="flex items-center justify-between gap-2">
      <FilterTabs filter={filter} onChange={setFilter} counts={counts} />
      {canComment && editor && (
        <Button
          type="button"
          size="sm"
          variant="ghost"
          className="h-7 px-2 text-xs"
          aria-label="Comment on the selection"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            const { from, to, empty } = editor.state.selection;
            if (empty) return toast({ title: "Select some text to comment on" });
            setDraft({ range: { from, to }, quote: editor.state.doc.textBetween(from, to, " ").slice(0, QUOTE_MAX) });
          }}
        >
          <MessageSquarePlus aria-hidden="true" />
        </Button>
      )}
    </div>
  );
  const empty = threads.error ? (
    <p className="text-sm text-destructive">{threads.error}</p>
  ) : shown.length === 0 && !draft ? (
    <p className="text-sm text-muted-foreground">{filter === "open" ? "No open comments." : "No resolved comments."}</p>
  ) : null;

  return (
    <>
      <HighlightStyle threads={list} active={active} />
      {wide && open && (
        <aside aria-label="Comments" className="relative flex w-80 shrink-0 flex-col border-l bg-muted/30" data-comments-margin>
          <div className="flex items-center justify-between gap-2 border-b bg-background px-3 py-2">
            <h2 className="text-sm font-semibold">Comments</h2>
            <Button type="button" size="icon" variant="ghost" className="size-7" aria-label="Close comments" onClick={() => onOpenChange(false)}>
              <X aria-hidden="true" />
            </Button>
          </div>
          <div className="border-b bg-background px-3 py-2">{header}</div>
          <div ref={setColumn} className="relative min-h-0 flex-1 overflow-hidden">
            {empty && <div className="p-3">{empty}</div>}
            {draft && (
              <div ref={measure("draft")} className="absolute inset-x-3" style={{ top: tops.draft ?? 8 }}>
                {composer}
              </div>
            )}
            {shown.map((t) => (
              <div key={t.id} ref={measure(t.anchor_id)} className="absolute inset-x-3 transition-[top] duration-150" style={{ top: tops[t.anchor_id] ?? 0 }}>
                {card(t)}
              </div>
            ))}
          </div>
        </aside>
      )}
      {!wide && (
        <Sheet open={open} onOpenChange={onOpenChange}>
          <SheetContent
            side="bottom"
            closeLabel="Close comments"
            aria-describedby={undefined}
            className="gap-3"
            // Escape in an open @ picker closes the picker, not the sheet.
            onEscapeKeyDown={(e) => document.querySelector("[data-mention-picker]") && e.preventDefault()}
          >
            <SheetTitle className="text-base">Comments</SheetTitle>
            {header}
            {composer}
            {empty}
            <div className="flex flex-col gap-3">
              {shown.map((t) => (
                <div key={t.id}>{card(t)}</div>
              ))}
            </div>
          </SheetContent>
        </Sheet>
      )}
    </>
  );
}
