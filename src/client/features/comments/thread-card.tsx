// One comment thread: the passage it is on, its comments (each author may edit or delete
// their own), a reply box for those who may comment, and Resolve / Reopen for the owner,
// editors and the thread's author. Every control is a button or a form field, so the whole
// card is reachable with Tab; Enter with Ctrl/Cmd sends a reply or an edit.
import { Check, MessageSquare, Pencil, RotateCcw, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { CommentView, ThreadView } from "../../../shared/contracts/comments";
import { Button } from "../../components/ui/button";
import { isApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { toast } from "../../lib/toast";
import { deleteComment, editComment, replyTo, setResolved } from "./api";
import { commentTime } from "./format";
import { CommentText, MentionField, type Picked, fromBody, toBody } from "./mention-field";

export interface ThreadCardProps {
  documentId: string;
  thread: ThreadView;
  canComment: boolean;
  active: boolean;
  /** The passage is no longer in the text (deleted since). */
  detached: boolean;
  onActivate: () => void;
  /** Called with the thread as the server answered (null when it was removed). */
  onChanged: (thread: ThreadView | null) => void;
}

const failed = (err: unknown, what: string) =>
  toast({ title: `The comment could not be ${what}`, description: (isApiError(err) && err.body?.message) || "Please try again.", variant: "destructive" });

/** Ctrl/Cmd+Enter submits the form the field is in. */
const submitOnModEnter = (e: React.KeyboardEvent<HTMLTextAreaElement>) => {
  if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
    e.preventDefault();
    e.currentTarget.form?.requestSubmit();
  }
};

function CommentItem({ documentId, threadId, comment, onChanged }: { documentId: string; threadId: string; comment: CommentView; onChanged: ThreadCardProps["onChanged"] }) {
  const [editing, setEditing] = useState(false);
  const [{ text: initial, picked }] = useState(() => fromBody(comment.body ?? ""));
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  if (comment.deleted) return <li className="text-xs italic text-muted-foreground">Comment deleted</li>;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      onChanged(await editComment(documentId, threadId, comment.id, toBody(text, picked)));
      setEditing(false);
    } catch (err) {
      failed(err, "saved");
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      const res = await deleteComment(documentId, threadId, comment.id);
      onChanged(res.status === 204 ? null : ((await res.json()) as ThreadView));
    } catch (err) {
      failed(err, "deleted");
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-col gap-1" data-comment-id={comment.id}>
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="font-medium text-foreground">{comment.author_name}</span>
        <span className="text-muted-foreground">
          {commentTime(comment.created_at)}
          {comment.edited_at ? " · edited" : ""}
        </span>
      </div>
      {editing ? (
        <form onSubmit={save} className="flex flex-col gap-1">
          <MentionField documentId={documentId} picked={picked} aria-label="Edit comment" value={text} onValueChange={setText} onKeyDown={submitOnModEnter} className="min-h-12 text-sm" autoFocus />
          <div className="flex justify-end gap-1">
            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={busy || !text.trim()}>
              Save
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm whitespace-pre-wrap break-words">
          <CommentText body={comment.body ?? ""} />
        </p>
      )}
      {comment.mine && !editing && (
        <div className="flex gap-1">
          <Button type="button" size="sm" variant="ghost" className="h-6 px-1.5 text-xs" onClick={() => setEditing(true)} aria-label="Edit your comment">
            <Pencil aria-hidden="true" className="size-3" /> Edit
          </Button>
          <Button type="button" size="sm" variant="ghost" className="h-6 px-1.5 text-xs" disabled={busy} onClick={() => void remove()} aria-label="Delete your comment">
            <Trash2 aria-hidden="true" className="size-3" /> Delete
          </Button>
        </div>
      )}
    </li>
  );
}

export function ThreadCard({ documentId, thread, canComment, active, detached, onActivate, onChanged }: ThreadCardProps) {
  const [reply, setReply] = useState("");
  const [picked] = useState<Picked>(() => new Map());
  const [busy, setBusy] = useState(false);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!reply.trim()) return;
    setBusy(true);
    try {
      onChanged(await replyTo(documentId, thread.id, toBody(reply, picked)));
      setReply("");
      picked.clear();
    } catch (err) {
      failed(err, "sent");
    } finally {
      setBusy(false);
    }
  };
  const toggleResolved = async () => {
    setBusy(true);
    try {
      onChanged(await setResolved(documentId, thread.id, !thread.resolved));
    } catch (err) {
      failed(err, thread.resolved ? "reopened" : "resolved");
    } finally {
      setBusy(false);
    }
  };
  return (
    <article
      aria-label={`Comment thread on “${thread.quote || "a passage"}”`}
      data-thread-id={thread.id}
      data-active={active || undefined}
      onClick={onActivate}
      onFocus={onActivate}
      onKeyDown={() => undefined}
      className={cn(
        "flex flex-col gap-2 rounded-lg border bg-card p-3 text-card-foreground shadow-xs transition-[box-shadow,transform]",
        active && "z-10 -translate-x-2 border-primary shadow-lg",
        thread.resolved && "opacity-80",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <blockquote className="line-clamp-2 border-l-2 border-amber-500 pl-2 text-xs text-muted-foreground">
          {thread.quote || "Passage"}
          {detached && <span className="block italic">The passage was deleted</span>}
        </blockquote>
        {thread.can_resolve && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="h-7 shrink-0 px-2 text-xs"
            disabled={busy}
            onClick={(e) => {
              e.stopPropagation();
              void toggleResolved();
            }}
          >
            {thread.resolved ? <RotateCcw aria-hidden="true" className="size-3.5" /> : <Check aria-hidden="true" className="size-3.5" />}
            {thread.resolved ? "Reopen" : "Resolve"}
          </Button>
        )}
      </div>
      {thread.resolved && <p className="text-xs text-muted-foreground">Resolved{thread.resolved_by_name ? ` by ${thread.resolved_by_name}` : ""}</p>}
      <ul className="flex flex-col gap-3">
        {thread.comments.map((c) => (
          <CommentItem key={c.id} documentId={documentId} threadId={thread.id} comment={c} onChanged={onChanged} />
        ))}
      </ul>
      {canComment && (
        <form onSubmit={send} className="flex flex-col gap-1">
          <MentionField
            documentId={documentId}
            picked={picked}
            aria-label="Reply"
            placeholder="Reply… (@ to mention)"
            value={reply}
            onValueChange={setReply}
            onKeyDown={submitOnModEnter}
            className="min-h-9 text-sm"
            rows={1}
          />
          {reply.trim() && (
            <div className="flex justify-end">
              <Button type="submit" size="sm" disabled={busy}>
                <MessageSquare aria-hidden="true" /> Reply
              </Button>
            </div>
          )}
        </form>
      )}
    </article>
  );
}
