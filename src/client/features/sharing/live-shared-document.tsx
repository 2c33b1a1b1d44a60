// A visitor on a link that allows editing joins the document's live session as "Guest":
// their keystrokes reach the owner and other visitors at once and merge with theirs, the
// title is co-edited too, and the save state comes from the server's store notices. When
// the link stops allowing editing the session ends and the page loads again.
import { EditorContent, useEditor } from "@tiptap/react";
import { useEffect, useMemo, useRef } from "react";
import { COLLAB_SHARE_TOKEN_PREFIX } from "../../../shared/contracts/collab-wire";
import { SHARE_TOKEN_HEADER, type SharedDocument } from "../../../shared/contracts/sharing";
import { schemaExtensions } from "../../../shared/editor/extensions";
import { withTableEditing } from "../../lib/tables/table-editing";
import { DEFAULT_DOCUMENT_TITLE, TITLE_MAX_LENGTH } from "../../../shared/limits";
import { PresenceAvatars } from "../../components/presence-avatars";
import { SaveIndicator } from "../../components/save-indicator";
import { SaveRefusedBanner } from "../../components/save-refused-banner";
import { Badge } from "../../components/ui/badge";
import { colorFor } from "../../lib/collab/user-color";
import { withImageView } from "../../lib/images/image-view";
import { LinkTyping } from "../../lib/links/link-typing";
import { withCursors } from "../../lib/typing/cursors";
import { PasteLimit } from "../../lib/paste-limit";
import { collabExtensions, retryRefused, useLiveDocument } from "../../lib/collab/use-live-document";
import { formatUpdated } from "./dates";

interface Props {
  doc: SharedDocument;
  tokenRef: { current: string | null };
  /** The link stopped working or stopped allowing editing: load again. */
  onLost: () => void;
}

export function LiveSharedDocument({ doc, tokenRef, onLost }: Props) {
  // One colour per visitor tab, so two guests are told apart.
  const user = useMemo(() => ({ name: "Guest", color: colorFor(Math.random().toString(36)) }), []);
  const { live, state, title, setTitle, ready } = useLiveDocument({
    documentId: doc.id,
    token: async () => `${COLLAB_SHARE_TOKEN_PREFIX}${tokenRef.current ?? ""}`,
    user,
    keepaliveHeaders: () => (tokenRef.current ? { [SHARE_TOKEN_HEADER]: tokenRef.current } : null),
  });
  const editor = useEditor(
    {
      extensions: [
        ...withTableEditing(withImageView(withCursors(schemaExtensions()), { kind: "share", documentId: doc.id, token: () => tokenRef.current })),
        LinkTyping,
        PasteLimit,
        ...collabExtensions(live, user),
      ],
      immediatelyRender: false,
      shouldRerenderOnTransaction: false,
      editorProps: {
        attributes: { class: "shared-prose document-content", role: "textbox", "aria-multiline": "true", "aria-label": "Document content" },
      },
    },
    [live],
  );

  const onLostRef = useRef(onLost);
  onLostRef.current = onLost;
  useEffect(() => {
    if (state.accessEnded || state.readOnly) onLostRef.current();
  }, [state.accessEnded, state.readOnly]);

  return (
    <article className="mx-auto w-full max-w-3xl">
      <header className="mb-6 space-y-2 border-b pb-4">
        <input
          aria-label="Document title"
          className="w-full bg-transparent text-2xl font-bold tracking-tight outline-hidden placeholder:text-muted-foreground sm:text-3xl"
          value={ready ? title : doc.title === DEFAULT_DOCUMENT_TITLE ? "" : doc.title}
          readOnly={!ready}
          maxLength={TITLE_MAX_LENGTH}
          placeholder={DEFAULT_DOCUMENT_TITLE}
          onChange={(e) => setTitle(e.target.value)}
        />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
          <span>Last updated {formatUpdated(state.updatedAt ?? doc.updated_at)}</span>
          <Badge variant="secondary">You can edit</Badge>
          <span data-testid="shared-save-status">
            <SaveIndicator status={state.status} />
          </span>
          <PresenceAvatars live={live} />
        </div>
      </header>
      {state.refused && <SaveRefusedBanner className="mb-4" refusal={state.refused} onRetry={() => retryRefused(live, editor)} />}
      {!ready && (
        <p role="status" className="text-sm text-muted-foreground">
          Loading document...
        </p>
      )}
      <div hidden={!ready}>
        <EditorContent editor={editor} />
      </div>
    </article>
  );
}
