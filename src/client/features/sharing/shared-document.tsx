// A shared document as a visitor sees it: the title, the last-updated date and the body in
// a TipTap editor built from the one document schema — read-only, or editable when the
// link allows editing (autosaved through PATCH /api/shared/:id with the version). Live
// updates from the owner arrive over the realtime channel. Loaded lazily with TipTap.
import type { Content } from "@tiptap/core";
import { EditorContent, useEditor } from "@tiptap/react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { SharedDocument } from "../../../shared/contracts/sharing";
import { schemaExtensions } from "../../../shared/editor/extensions";
import { DEFAULT_DOCUMENT_TITLE, TITLE_MAX_LENGTH } from "../../../shared/limits";
import { Badge } from "../../components/ui/badge";
import { ApiError } from "../../lib/api";
import type { AutosaveController, SaveStatus } from "../../lib/autosave/controller";
import { subscribeToDocument } from "../../lib/realtime";
import { toast } from "../../lib/toast";
import { conflictCurrent, saveSharedDocument } from "./api";
import { formatUpdated } from "./dates";
import "../../components/ui/document-content.css";
import "../../components/ui/document-dark-text.css";
import "./shared.css";
import { createVisitorAutosave } from "./visitor-autosave";

interface Props {
  doc: SharedDocument;
  tokenRef: { current: string | null };
  /** The link stopped working or changed (revoked, editing turned off): load again. */
  onLost: () => void;
}

// A visitor's conflict resolves at once (the newer document is shown) and a failed save is
// reported as failed, so "offline" and "conflict" never show; the controller has them.
const STATUS_TEXT: Record<SaveStatus, string> = {
  saved: "Saved",
  unsaved: "Unsaved changes",
  saving: "Saving...",
  offline: "Not saved",
  error: "Not saved",
  conflict: "Unsaved changes",
};
const noopSubscribe = () => () => {};
const savedStatus = (): SaveStatus => "saved";

export default function SharedDocumentBody({ doc, tokenRef, onLost }: Props) {
  const editable = doc.allow_editing;
  const [title, setTitle] = useState(doc.title);
  const titleRef = useRef(doc.title);
  const [updatedAt, setUpdatedAt] = useState(doc.updated_at);
  const [controller, setController] = useState<AutosaveController | null>(null);
  const autosave = useRef<AutosaveController | null>(null);
  const status = useSyncExternalStore(
    controller?.subscribe ?? noopSubscribe,
    controller ? () => controller.getState().status : savedStatus,
    controller ? () => controller.getState().status : savedStatus,
  );
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
        // A textbox, as in the owner's editor (features/editor/use-document-editor.ts): aria-readonly is only allowed on a role that takes it (axe aria-allowed-attr).
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

  function show(next: { title: string; content: unknown; updated_at: string }) {
    editor?.commands.setContent(next.content as Content, { emitUpdate: false });
    titleRef.current = next.title;
    setTitle(next.title);
    setUpdatedAt(next.updated_at);
  }
  const showRef = useRef(show);
  showRef.current = show;
  // What a save sends: an empty title saves as the default one.
  const snapshot = () => ({ title: titleRef.current.trim() || DEFAULT_DOCUMENT_TITLE, content: JSON.stringify(editor?.getJSON() ?? doc.content) });
  const snapshotRef = useRef(snapshot);
  snapshotRef.current = snapshot;

  useEffect(() => {
    if (!editor || !editable) return;
    const ctl = createVisitorAutosave<SharedDocument>(
      {
        snapshot: () => snapshotRef.current(),
        send: (payload, version) => saveSharedDocument(doc.id, tokenRef.current, { ...payload, version }),
        conflictOf: conflictCurrent,
        onSaved: (saved) => setUpdatedAt(saved.updated_at),
        showTheirs: (current) => {
          showRef.current({ title: current.title, content: current.content, updated_at: current.updatedAt ?? doc.updated_at });
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
    setController(ctl);
    return () => {
      void ctl.save();
      ctl.dispose();
      autosave.current = null;
      setController(null);
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
          if (record.version <= known || autosave.current?.hasUnsavedEdits()) return;
          version.current = record.version;
          showRef.current(record);
          autosave.current?.acceptRemote(
            { title: record.title, content: record.content, version: record.version, updatedAt: record.updated_at },
            snapshotRef.current(),
          );
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
