// A shared document as a visitor sees it. On a link that allows editing the visitor joins
// the live session (live-shared-document.tsx). Otherwise: the title, the last-updated date
// and the body in a read-only TipTap editor built from the one document schema, replaced
// by each newer stored version that arrives over the realtime channel. Loaded lazily with TipTap.
import type { Content } from "@tiptap/core";
import { EditorContent, useEditor } from "@tiptap/react";
import { useEffect, useRef, useState } from "react";
import type { SharedDocument } from "../../../shared/contracts/sharing";
import { schemaExtensions } from "../../../shared/editor/extensions";
import { withTableEditing } from "../../lib/tables/table-editing";
import { DEFAULT_DOCUMENT_TITLE } from "../../../shared/limits";
import { withImageView } from "../../lib/images/image-view";
import { subscribeToDocument } from "../../lib/realtime";
import { formatUpdated } from "./dates";
import { LiveSharedDocument } from "./live-shared-document";
import "../../components/ui/document-content.css";
import "../../components/ui/document-dark-text.css";
import "./shared.css";

interface Props {
  doc: SharedDocument;
  tokenRef: { current: string | null };
  /** The link stopped working or changed (revoked, editing turned on or off): load again. */
  onLost: () => void;
}

export default function SharedDocumentBody(props: Props) {
  return props.doc.allow_editing ? <LiveSharedDocument {...props} /> : <ReadOnlySharedDocument {...props} />;
}

function ReadOnlySharedDocument({ doc, tokenRef, onLost }: Props) {
  const [title, setTitle] = useState(doc.title);
  const [updatedAt, setUpdatedAt] = useState(doc.updated_at);
  const onLostRef = useRef(onLost);
  onLostRef.current = onLost;

  const editor = useEditor(
    {
      extensions: withTableEditing(withImageView(schemaExtensions(), { kind: "share", documentId: doc.id, token: () => tokenRef.current })),
      content: doc.content as Content,
      editable: false,
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      editorProps: {
        // A textbox, as in the owner's editor: aria-readonly is only allowed on a role that takes it (axe aria-allowed-attr).
        attributes: {
          class: "shared-prose document-content",
          role: "textbox",
          "aria-multiline": "true",
          "aria-label": "Document content",
          "aria-readonly": "true",
        },
      },
    },
    [doc.id],
  );

  // Live updates: each newer stored version replaces the view.
  const version = useRef(doc.version);
  useEffect(() => {
    if (!editor) return;
    return subscribeToDocument(
      doc.id,
      {
        onUpdate: (record) => {
          // A visitor's subscription never asks for summaries: every record has its content.
          if (!("content" in record) || record.version <= version.current) return;
          version.current = record.version;
          editor.commands.setContent(record.content as Content, { emitUpdate: false });
          setTitle(record.title);
          setUpdatedAt(record.updated_at);
          if (record.allow_editing) onLostRef.current();
        },
        onStatus: (s) => {
          if (s === "CHANNEL_ERROR") onLostRef.current();
        },
      },
      { shareToken: tokenRef.current ?? undefined },
    );
  }, [editor, doc.id, tokenRef]);

  return (
    <article className="mx-auto w-full max-w-3xl">
      <header className="mb-6 space-y-2 border-b pb-4">
        <h1 className="text-3xl font-bold tracking-tight">{title || DEFAULT_DOCUMENT_TITLE}</h1>
        <p className="flex flex-wrap items-center gap-x-3 text-sm text-muted-foreground">
          <span>Last updated {formatUpdated(updatedAt)}</span>
        </p>
      </header>
      <EditorContent editor={editor} />
    </article>
  );
}
