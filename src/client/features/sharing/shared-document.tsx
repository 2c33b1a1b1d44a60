// A shared document as a visitor sees it: the title, the last-updated date and the body in
// a TipTap editor built from the one document schema — read-only, or editable when the
// link allows editing (autosaved through PATCH /api/shared/:id with the version). Live
// updates from the owner arrive over the realtime channel. Loaded lazily with TipTap.
import type { Content } from "@tiptap/core";
import { EditorContent, useEditor } from "@tiptap/react";
import { useEffect, useRef, useState } from "react";
import type { SharedDocument } from "../../../shared/contracts/sharing";
import { schemaExtensions } from "../../../shared/editor/extensions";
import { DEFAULT_DOCUMENT_TITLE, TITLE_MAX_LENGTH } from "../../../shared/limits";
import { Badge } from "../../components/ui/badge";
import { ApiError } from "../../lib/api";
import { subscribeToDocument } from "../../lib/realtime";
import { toast } from "../../lib/toast";
import { conflictCurrent, saveSharedDocument } from "./api";
import { formatUpdated } from "./dates";
import "../../components/ui/document-content.css";
import "../../components/ui/document-dark-text.css";
import "./shared.css";
import { VisitorAutosave, type VisitorSaveStatus } from "./visitor-autosave";

interface Props {
  doc: SharedDocument;
  tokenRef: { current: string | null };
  /** The link stopped working or changed (revoked, editing turned off): load again. */
  onLost: () => void;
}

const STATUS_TEXT: Record<VisitorSaveStatus, string> = {
  saved: "Saved",
  unsaved: "Unsaved changes",
  saving: "Saving...",
  error: "Not saved",
};

export default function SharedDocumentBody({ doc, tokenRef, onLost }: Props) {
  const editable = doc.allow_editing;
  const [title, setTitle] = useState(doc.title);
  const titleRef = useRef(doc.title);
  const [updatedAt, setUpdatedAt] = useState(doc.updated_at);
  const [status, setStatus] = useState<VisitorSaveStatus>("saved");
  const autosave = useRef<VisitorAutosave<SharedDocument> | null>(null);
  const onLostRef = useRef(onLost);
  onLostRef.current = onLost;

  const editor = useEditor(
    {
      extensions: schemaExtensions(),
      content: doc.content as Content,
      editable,
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      editorProps: {
        // A textbox, as in the owner's editor (features/editor/use-editor-session.ts): aria-readonly is only allowed on a role that takes it (axe aria-allowed-attr).
        attributes: {
          class: "shared-prose document-content",
          role: "textbox",
          "aria-multiline": "true",
          "aria-label": "Document content",
          ...(editable ? {} : { "aria-readonly": "true" }),
        },
      },
      onUpdate: () => autosave.current?.change(),
    },
    [doc.id, editable],
  );

  function show(next: SharedDocument) {
    editor?.commands.setContent(next.content as Content, { emitUpdate: false });
    titleRef.current = next.title;
    setTitle(next.title);
    setUpdatedAt(next.updated_at);
  }
  const showRef = useRef(show);
  showRef.current = show;

  useEffect(() => {
    if (!editor || !editable) return;
    const ctl = new VisitorAutosave<SharedDocument>(
      {
        snapshot: () => ({ title: titleRef.current.trim() || DEFAULT_DOCUMENT_TITLE, content: JSON.stringify(editor.getJSON()) }),
        send: (payload, version) => saveSharedDocument(doc.id, tokenRef.current, { ...payload, version }),
        conflictOf: conflictCurrent,
        onStatus: setStatus,
        onSaved: (saved) => setUpdatedAt(saved.updated_at),
        onConflict: (current) => {
          showRef.current(current);
          toast({
            title: "Document Updated",
            description: "Someone else changed this document. Their latest version is now shown; please reapply your edit.",
            variant: "destructive",
          });
        },
        onError: (err) => {
          if (err instanceof ApiError && [401, 403, 404].includes(err.status)) {
            toast({ title: "Not Saved", description: "This link no longer allows editing.", variant: "destructive" });
            onLostRef.current();
          }
        },
      },
      doc.version,
    );
    autosave.current = ctl;
    return () => {
      void ctl.save();
      ctl.dispose();
      autosave.current = null;
    };
  }, [editor, editable, doc.id, doc.version, tokenRef]);

  // Live updates: newer versions replace the view unless the visitor has unsaved edits
  // (their save then meets the 409 and loads the newer version).
  const version = useRef(doc.version);
  useEffect(() => {
    if (!editor) return;
    return subscribeToDocument(
      doc.id,
      {
        onUpdate: (record) => {
          const known = autosave.current?.version ?? version.current;
          if (record.version <= known || autosave.current?.hasUnsaved) return;
          version.current = record.version;
          showRef.current({
            id: record.id,
            title: record.title,
            content: record.content,
            updated_at: record.updated_at,
            allow_editing: record.allow_editing,
            version: record.version,
          });
          autosave.current?.rebase(record.version);
          if (record.allow_editing !== editable) onLostRef.current();
        },
        onStatus: (s) => {
          if (s === "CHANNEL_ERROR") onLostRef.current();
        },
      },
      { shareToken: tokenRef.current ?? undefined },
    );
  }, [editor, doc.id, editable, tokenRef]);

  return (
    <article className="mx-auto w-full max-w-3xl">
      <header className="mb-6 space-y-2 border-b pb-4">
        {editable ? (
          <input
            aria-label="Document title"
            className="w-full bg-transparent text-3xl font-bold tracking-tight outline-hidden placeholder:text-muted-foreground"
            value={title}
            maxLength={TITLE_MAX_LENGTH}
            placeholder={DEFAULT_DOCUMENT_TITLE}
            onChange={(e) => {
              titleRef.current = e.target.value;
              setTitle(e.target.value);
              autosave.current?.change();
            }}
          />
        ) : (
          <h1 className="text-3xl font-bold tracking-tight">{title || DEFAULT_DOCUMENT_TITLE}</h1>
        )}
        <p className="flex flex-wrap items-center gap-x-3 text-sm text-muted-foreground">
          <span>Last updated {formatUpdated(updatedAt)}</span>
          {editable && <Badge variant="secondary">You can edit</Badge>}
          {editable && (
            <span role="status" aria-live="polite" data-testid="shared-save-status">
              {STATUS_TEXT[status]}
            </span>
          )}
        </p>
      </header>
      <EditorContent editor={editor} />
    </article>
  );
}
