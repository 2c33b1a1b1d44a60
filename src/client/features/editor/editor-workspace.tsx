// The editor page's layout around one open document. Other areas'
// parts (Share, Export, AI toolbar/panels, version history) come in as slots from the page, since a
// feature never imports another feature.
import type { Editor } from "@tiptap/core";
import { Bot, ChevronsRight, Eye, Focus, History, Lock, MessageSquare, MessageSquarePlus, PanelLeft, RefreshCw, Search as SearchIcon, Sparkles } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import type { LiveDocumentRecord } from "../../../shared/contracts/documents";
import type { Preferences } from "../../../shared/contracts/settings";
import { TITLE_MAX_LENGTH } from "../../../shared/limits";
import { Link } from "wouter";
import { Badge } from "../../components/ui/badge";
import { Button, buttonVariants } from "../../components/ui/button";
import { getAccessToken } from "../../lib/auth-client";
import { useAuth } from "../../lib/auth-provider";
import { PresenceAvatars } from "../../components/presence-avatars";
import { SaveRefusedBanner } from "../../components/save-refused-banner";
import { cn } from "../../lib/cn";
import { toast } from "../../lib/toast";
import { retryRefused } from "../../lib/collab/use-live-document";
import { colorFor } from "../../lib/collab/user-color";
import { EditorBody } from "./editor-body";
import { EditorHeader } from "./editor-header";
import { useFindBar } from "./find/use-find-bar";
import { LastEdited } from "./last-edited-view";
import { SidePanel, SidePanelSheet, useRoomyScreen, useWideScreen } from "./side-panel";
import { InlineStats } from "./stats-view";
import { FormattingToolbar } from "./toolbar/formatting-toolbar";
import { PhoneToolbar } from "./toolbar/phone-toolbar";
import { LinkDialog } from "./toolbar/link-dialog";
import { type EditMode, ModeSwitch } from "./mode-switch";
import type { EditorAiCommand } from "./types";
import { PREFERENCE_FONT_FAMILY, PREFERENCE_FONT_SIZE } from "./use-editor-preferences";
import { useEditorCommands } from "./use-editor-commands";
import { useEditorShortcuts } from "./use-editor-shortcuts";
import { useLiveEditor } from "./use-live-editor";

// The find bar loads when first opened (Ctrl/Cmd+F, Ctrl/Cmd+H, Find, the palette); the
// editor's first focus and a pointer over Find fetch it ahead, so the bar opens at once. It
// mounts once downloaded: a download that fails (offline) leaves the editor as it was.
type FindBarPart = typeof import("./find/find-bar").FindBar;
let findBarPart: FindBarPart | null = null;
let findBarLoading: Promise<FindBarPart> | null = null;
function loadFindBar(): Promise<FindBarPart> {
  if (findBarPart) return Promise.resolve(findBarPart);
  findBarLoading ??= import("./find/find-bar").then(
    (m) => (findBarPart = m.FindBar),
    (err: unknown) => {
      findBarLoading = null;
      throw err;
    },
  );
  return findBarLoading;
}
const preloadFindBar = () => void loadFindBar().catch(() => undefined);

/** What the page's version history slot gets: whether it is open, and the text as it is now. */
export interface HistorySlotProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The stored version of the document; it moves with every store, so the list can refresh. */
  storedVersion: number;
  /** The document as the writer sees it now, live changes included. */
  getCurrent: () => EditorDocumentSnapshot;
}

/** What the page's suggestions slot gets (features/suggesting tracks typing and draws the cards). */
export interface SuggestingSlotArgs {
  editor: Editor | null;
  ready: boolean;
  mode: EditMode;
  author: { id: string; name: string } | null;
  canDecide: boolean;
  wide: boolean;
  onTracking: (on: boolean) => void;
  onComment: () => void;
}

/** What the page's comments slot gets (features/comments draws the threads; the editor only hosts them). */
export interface CommentsSlotProps {
  editor: Editor | null;
  /** The text has arrived: the comments may load now (after the first paint). */
  ready: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wide: boolean;
  /** Changes each time the writer asks to comment on the selection. */
  commentRequest: number;
  onCommentsChanged: (listener: (threadId: string) => void) => () => void;
  onCount: (open: number) => void;
}

interface EditorDocumentSnapshot {
  id: string;
  title: string;
  content: unknown;
}

export interface EditorWorkspaceProps {
  /** Without its content: the text comes from the live session. */
  record: LiveDocumentRecord;
  email: string;
  /** The user's plan name as shown to them (e.g. "Creator"); null while unknown. */
  planLabel: string | null;
  /** The AI status line from the plan table (shared/plans.ts aiStatus); `full` colours it. */
  aiEnabled: { label: string; full: boolean };
  preferences: Preferences;
  accessTokenRef: { current: string | null };
  onAiCommand: (name: EditorAiCommand) => void;
  assistantOpen: boolean;
  onAssistantOpenChange: (open: boolean) => void;
  rewriteOpen: boolean;
  onRewriteOpenChange: (open: boolean) => void;
  onOpenSettings: () => void;
  renderShare: () => ReactNode;
  renderExport: (getDocument: () => EditorDocumentSnapshot) => ReactNode;
  renderAiToolbar: (editor: Editor | null) => ReactNode;
  /** `tools`: false for readers who change no text (the layer then offers no AI tools). */
  renderAiLayer: (editor: Editor | null, tools: boolean) => ReactNode;
  /** The version history panel, for those who may edit; beside the text on a wide screen. */
  renderHistory?: (panel: HistorySlotProps) => ReactNode;
  /** Comment threads: in the margin beside the text on a wide screen, a sheet on a phone. */
  renderComments?: (slot: CommentsSlotProps) => ReactNode;
  /** People's suggestions (Suggesting mode): the tracking of typing and the cards beside the text. */
  renderSuggesting?: (slot: SuggestingSlotArgs) => ReactNode;
}

function Toggle({ pressed, onPressedChange, children }: { pressed: boolean; onPressedChange: (v: boolean) => void; children: ReactNode }) {
  return (
    <Button variant={pressed ? "secondary" : "ghost"} size="sm" className={ICON_ON_PHONE} aria-pressed={pressed} onClick={() => onPressedChange(!pressed)}>
      {children}
    </Button>
  );
}

// On a phone the toolbar's buttons are icons only and square, so the row (with Share and
// Export) fits one line at 360 px; below 380 px they and the gaps narrow a little, so the
// History toggle fits too (e2e/mobile.e2e.ts checks the row).
const ICON_ON_PHONE = "max-sm:min-[380px]:px-2 max-[379px]:px-1.5";

/** A toolbar label that a phone leaves to the icon (the button keeps it as its accessible name). */
function Label({ children }: { children: ReactNode }) {
  return <span className="sr-only sm:not-sr-only">{children}</span>;
}

/** The name other writers see beside this writer's caret. */
function displayName(fullName: unknown, email: string): string {
  if (typeof fullName === "string" && fullName.trim()) return fullName.trim();
  return email.split("@")[0] || "Writer";
}

export function EditorWorkspace(props: EditorWorkspaceProps) {
  const { record, preferences } = props;
  const { user } = useAuth();
  const commenter = record.access === "commenter";
  // Editing, Suggesting or Viewing (mode-switch.tsx); a commenter only suggests. In Suggesting
  // the text takes typing once the tracking is in the editor, never before.
  const [mode, setMode] = useState<EditMode>(commenter && props.renderSuggesting ? "suggesting" : "editing");
  const [tracking, setTracking] = useState(false);
  const typing = mode === "editing" ? !commenter : mode === "suggesting" && tracking;
  const authorName = displayName(user?.user_metadata?.full_name, props.email);
  const author = useMemo(() => (user?.id ? { id: user.id, name: authorName } : null), [user?.id, authorName]);
  const session = useLiveEditor({
    record,
    token: async () => (await getAccessToken()) ?? "",
    keepaliveHeaders: () => (props.accessTokenRef.current ? { authorization: `Bearer ${props.accessTokenRef.current}` } : null),
    user: { name: authorName, color: colorFor(user?.id ?? props.email) },
    // A commenter reads the text and anchors comments on it, and types only suggestions (the live server refuses anything else).
    editable: typing,
  });
  const { editor, live } = session;
  // Readers who change no text (viewers, commenters, a read-only session) get no AI tools: no
  // AI toolbar, assistant or rewrite toggles, side-panel tools, AI shortcuts or selection helper.
  // AI changes are direct changes: only in Editing.
  const aiTools = !session.liveState.readOnly && session.editable && mode === "editing" && record.access !== "viewer" && record.access !== "commenter";
  const pageAiCommand = props.onAiCommand;
  const onAiCommand = useCallback(
    (name: EditorAiCommand) => {
      if (aiTools) pageAiCommand(name);
    },
    [aiTools, pageAiCommand],
  );
  const [focusMode, setFocusMode] = useState(preferences.focusModeDefault);
  const [panelOpen, setPanelOpen] = useState(true);
  // Below md the panel is a sheet over the text, closed until the user opens it (side-panel.tsx).
  const wide = useWideScreen();
  const [sheetOpen, setSheetOpen] = useState(false);
  // A tablet turned to landscape shows the panel beside the text; the sheet must not pop up again when turned back.
  if (wide && sheetOpen) setSheetOpen(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  // History and the assistant share the space beside the text: opening one closes the other.
  const [assistantWasOpen, setAssistantWasOpen] = useState(props.assistantOpen);
  if (props.assistantOpen !== assistantWasOpen) {
    setAssistantWasOpen(props.assistantOpen);
    if (props.assistantOpen) setHistoryOpen(false);
  }
  const openHistory = (open: boolean) => {
    setHistoryOpen(open);
    if (open) props.onAssistantOpenChange(false);
  };

  const openLink = useCallback(() => setLinkOpen(true), []);
  // Every change goes to the server as it is made; Ctrl+S only asks it to store now.
  const save = useCallback(() => live.requestStore(), [live]);
  const findBar = useFindBar();
  // Once opened the bar stays mounted: closing it clears the matches it marked.
  const [FindBar, setFindBar] = useState<FindBarPart | null>(null);
  const { open: findOpen, close: closeFind } = findBar;
  useEffect(() => {
    if (!findOpen || FindBar) return;
    let current = true;
    loadFindBar().then(
      (part) => current && setFindBar(() => part),
      () => {
        if (!current) return;
        closeFind();
        toast({ title: "Find could not load", description: "Check the connection and try again.", variant: "destructive" });
      },
    );
    return () => {
      current = false;
    };
  }, [findOpen, FindBar, closeFind]);
  useEffect(() => {
    if (!editor) return;
    editor.on("focus", preloadFindBar);
    return () => {
      editor.off("focus", preloadFindBar);
    };
  }, [editor]);
  useEditorShortcuts({
    onSave: save,
    onAiCommand,
    onFind: findBar.show,
    // Ctrl/Cmd+K in the text: a link, for those who may change the text.
    onLink: () => {
      if (session.editable && !session.liveState.readOnly && mode === "editing") openLink();
    },
  });

  const [commentsOpen, setCommentsOpen] = useState(false);
  const [commentRequest, setCommentRequest] = useState(0);
  const [commentCount, setCommentCount] = useState<number | null>(null);
  const requestComment = useCallback(() => setCommentRequest((n) => n + 1), []);
  const canComment = !!props.renderComments && record.access !== "viewer";
  // Ctrl/Cmd+Alt+M comments on the selection, as in Google Docs (by key position: Alt changes the letter on a Mac).
  useEffect(() => {
    if (!canComment) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.altKey && e.code === "KeyM") {
        e.preventDefault();
        requestComment();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [canComment, requestComment]);

  // Viewers have no version history (the server answers them 404).
  const canEdit = !commenter && record.access !== "viewer" && !session.liveState.readOnly && !session.liveState.accessEnded;
  const historyAllowed = !!props.renderHistory && canEdit;
  useEditorCommands({
    editor,
    editable: !session.liveState.readOnly && session.editable && mode === "editing",
    historyAllowed,
    focusMode,
    onFind: findBar.show,
    onHistory: () => openHistory(true),
    onFocusMode: setFocusMode,
    onSave: save,
    onAddLink: openLink,
    onAiCommand,
  });

  const onSmartImprove = useCallback(() => {
    onAiCommand(editor && !editor.state.selection.empty ? "improve" : "assistant");
  }, [editor, onAiCommand]);

  useEffect(() => {
    document.title = `${session.title.trim() || "Untitled Document"} · Draftsmith`;
  }, [session.title]);

  const roomy = useRoomyScreen();
  // History or the assistant on the right: below 1536 px the left panel steps aside while either is open (side-panel.tsx).
  const showPanel = wide && !focusMode && panelOpen && (roomy || !(historyOpen || props.assistantOpen));
  const wordGoal = { documentId: record.id, initial: record.word_goal ?? null, editable: canEdit };

  // Removed from the document (or signed out elsewhere): the editor closes at once.
  if (session.liveState.accessEnded) {
    return (
      <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
        <Lock aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="text-2xl font-semibold">You no longer have access to this document</h1>
        <p className="max-w-md text-muted-foreground">The owner removed you, or your session ended. Changes you made before that are saved.</p>
        <Link href="/" className={buttonVariants()}>
          Back to Documents
        </Link>
      </main>
    );
  }
  const commentOnly = commenter;
  // Formatting, AI changes and replacing are direct changes: only in Editing.
  const viewOnly = session.liveState.readOnly || commentOnly || mode !== "editing";
  const commentsToggle = props.renderComments && (
    <Toggle pressed={commentsOpen} onPressedChange={setCommentsOpen}>
      <MessageSquare aria-hidden="true" />
      <Label>Comments</Label>
      {!!commentCount && (
        <span className="rounded-full bg-primary px-1.5 text-[0.65rem] leading-4 text-primary-foreground">
          {commentCount}
          <span className="sr-only"> open</span>
        </span>
      )}
    </Toggle>
  );

  return (
    <div className="flex h-dvh flex-col bg-background">
      <EditorHeader
        title={session.title}
        status={session.state.status}
        presence={<PresenceAvatars live={live} />}
        connection={session.connection}
        email={props.email}
        planLabel={props.planLabel}
        onOpenSettings={props.onOpenSettings}
      />
      <div role="toolbar" aria-label="Editor" className="flex shrink-0 flex-wrap items-center gap-1 border-b px-2 py-1.5 sm:px-4">
        {!wide && !focusMode && (
          <SidePanelSheet
            open={sheetOpen}
            onOpenChange={setSheetOpen}
            stats={session.statsStore}
            editor={editor}
            wordGoal={wordGoal}
            onAiCommand={onAiCommand}
            onSmartImprove={onSmartImprove}
            aiTools={aiTools}
            trigger={
              <Button variant="ghost" size="sm" className={ICON_ON_PHONE}>
                <PanelLeft aria-hidden="true" />
                <Label>Document panel</Label>
              </Button>
            }
          />
        )}
        <Toggle pressed={focusMode} onPressedChange={setFocusMode}>
          <Focus aria-hidden="true" />
          <Label>Focus</Label>
        </Toggle>
        {aiTools && (
          <>
            <Toggle pressed={props.assistantOpen} onPressedChange={props.onAssistantOpenChange}>
              <Bot aria-hidden="true" />
              <Label>AI Assistant</Label>
            </Toggle>
            <Toggle pressed={props.rewriteOpen} onPressedChange={props.onRewriteOpenChange}>
              <RefreshCw aria-hidden="true" />
              <Label>Rewrite</Label>
            </Toggle>
          </>
        )}
        {historyAllowed && (
          <Toggle pressed={historyOpen} onPressedChange={openHistory}>
            <History aria-hidden="true" />
            <Label>History</Label>
          </Toggle>
        )}
        {wide && commentsToggle}
        {wide && canComment && (
          <Button variant="ghost" size="sm" onMouseDown={(e) => e.preventDefault()} onClick={requestComment} title="Comment (Ctrl+Alt+M)">
            <MessageSquarePlus aria-hidden="true" />
            <Label>Comment</Label>
          </Button>
        )}
        {/* Ctrl+F / Ctrl+H need a keyboard; this opens the same bar by pointer or touch (the
            bar's own toggle adds the replace field). A phone's row is full with Share and
            Export, so there it sits beside "Last edited" below the toolbars instead. */}
        <Button
          variant={findBar.open ? "secondary" : "ghost"}
          size="sm"
          className="max-sm:hidden"
          aria-pressed={findBar.open}
          onPointerEnter={preloadFindBar}
          onClick={() => (findBar.open ? findBar.close() : findBar.show(false))}
        >
          <SearchIcon aria-hidden="true" />
          <Label>Find</Label>
        </Button>
        <div className="ml-auto flex items-center gap-2 max-[379px]:gap-1 sm:gap-3">
          {preferences.showWordCount && <InlineStats store={session.statsStore} />}
          {props.renderShare()}
          {props.renderExport(session.getDocument)}
        </div>
      </div>
      {editor && FindBar && <FindBar editor={editor} control={findBar} canReplace={!viewOnly && session.editable} />}
      {/* A change the server refused: said at once, above the text wherever it is scrolled to. */}
      {session.liveState.refused && (
        <SaveRefusedBanner className="mx-2 mt-2 shrink-0 sm:mx-4" refusal={session.liveState.refused} onRetry={() => retryRefused(live, editor)} />
      )}
      <div className="flex min-h-0 flex-1">
        {showPanel && (
          <SidePanel
            stats={session.statsStore}
            editor={editor}
            wordGoal={wordGoal}
            onAiCommand={onAiCommand}
            onSmartImprove={onSmartImprove}
            aiTools={aiTools}
            onCollapse={() => setPanelOpen(false)}
          />
        )}
        {wide && !focusMode && !panelOpen && (
          <div className="shrink-0 border-r p-1">
            <Button variant="ghost" size="icon" aria-label="Expand panel" onClick={() => setPanelOpen(true)}>
              <ChevronsRight aria-hidden="true" />
            </Button>
          </div>
        )}
        <main id="main" className="min-w-0 flex-1 overflow-y-auto">
          {/* A phone's formatting bar sits fixed above the keyboard (toolbar/phone-toolbar.tsx), with
              the AI tools behind one of its buttons; the bottom padding lets the last line scroll clear of it. */}
          <div className={cn("mx-auto flex w-full flex-col gap-3 px-4 py-4 sm:px-8", focusMode ? "max-w-3xl" : "max-w-4xl", !wide && !viewOnly && "pb-24")}>
            {editor &&
              !viewOnly &&
              (wide ? (
                <FormattingToolbar editor={editor} onAddLink={openLink} />
              ) : (
                <PhoneToolbar editor={editor} onAddLink={openLink} aiTools={aiTools ? props.renderAiToolbar(editor) : null} />
              ))}
            {aiTools && wide && props.renderAiToolbar(editor)}
            <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
              {props.renderSuggesting && !session.liveState.readOnly && record.access !== "viewer" && (
                <ModeSwitch mode={mode} onChange={setMode} canEdit={!commenter} />
              )}
              {session.liveState.readOnly || commentOnly ? (
                <Badge variant="secondary">
                  <Eye aria-hidden="true" className="size-3" />
                  {commentOnly ? "Can comment" : "View only"}
                </Badge>
              ) : (
                <span data-testid="ai-status" className={cn("inline-flex items-center gap-1", props.aiEnabled.full ? "text-success" : "")}>
                  <Sparkles aria-hidden="true" className="size-3.5" />
                  {props.aiEnabled.label}
                </span>
              )}
              {/* The phone's way to find and replace by touch (the toolbar row above is full). */}
              <Button
                variant={findBar.open ? "secondary" : "outline"}
                size="sm"
                className="h-7 sm:hidden"
                aria-pressed={findBar.open}
                onPointerEnter={preloadFindBar}
                onClick={() => (findBar.open ? findBar.close() : findBar.show(false))}
              >
                <SearchIcon aria-hidden="true" />
                Find
              </Button>
              {!wide && commentsToggle}
              <LastEdited updatedAt={session.state.updatedAt} />
            </div>
            <input
              aria-label="Document title"
              placeholder="Untitled Document"
              maxLength={TITLE_MAX_LENGTH}
              value={session.title}
              readOnly={!session.editable || mode !== "editing"}
              onChange={(e) => session.setTitle(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" || (e.key === "ArrowDown" && !e.shiftKey)) {
                  e.preventDefault();
                  if (!editor) return;
                  editor.commands.focus("start");
                  // TipTap moves focus on the next frame; keys typed right after Enter
                  // would still land in the title, so the body takes focus now.
                  editor.view.focus();
                }
              }}
              className="w-full border-none bg-transparent text-[2rem] leading-tight font-bold tracking-tight text-foreground outline-hidden placeholder:text-muted-foreground sm:text-4xl"
            />
            {!session.ready && (
              <p role="status" className="text-sm text-muted-foreground">
                Loading document...
              </p>
            )}
            <EditorBody
              hidden={!session.ready}
              editor={editor}
              bridge={session.slashBridge}
              onAiCommand={onAiCommand}
              aiTools={aiTools}
              onAddLink={openLink}
              onComment={canComment ? requestComment : undefined}
              commentOnly={commentOnly}
              fontSize={PREFERENCE_FONT_SIZE[preferences.fontSize]}
              fontFamily={PREFERENCE_FONT_FAMILY[preferences.fontFamily]}
            />
          </div>
          {/* Room below the text for margin cards that stand lower than its end (lib/margin-layout.ts). */}
          <div aria-hidden="true" data-margin-room className="h-(--margin-room)" />
        </main>
        {/* The AI assistant's column beside the text (the AI feature portals its panel here,
            ai/assistant-panel.tsx ASSISTANT_DOCK_ID), so the text narrows instead of being covered. */}
        <div id="ai-assistant-dock" className="contents" />
        {props.renderComments?.({
          editor,
          ready: session.ready,
          open: commentsOpen,
          onOpenChange: setCommentsOpen,
          wide,
          commentRequest,
          onCommentsChanged: live.onCommentsChanged,
          onCount: setCommentCount,
        })}
        {props.renderSuggesting?.({
          editor,
          ready: session.ready,
          mode,
          author,
          canDecide: canEdit,
          wide,
          onTracking: setTracking,
          onComment: requestComment,
        })}
        {historyAllowed &&
          props.renderHistory?.({ open: historyOpen, onOpenChange: openHistory, storedVersion: session.state.version, getCurrent: session.getDocument })}
      </div>
      {props.renderAiLayer(editor, aiTools)}
      <LinkDialog editor={editor} open={linkOpen} onOpenChange={setLinkOpen} />
    </div>
  );
}
