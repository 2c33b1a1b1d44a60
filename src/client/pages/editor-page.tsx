// Route /editor/:id? (no id opens a new document): composes the editor with the other areas' parts
// (Share, Export, AI, Account Settings), which the editor feature receives as slots.
import { FileQuestion } from "lucide-react";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { aiStatus, effectivePlan, isPlanId, PLANS } from "../../shared/plans";
import { useAuth } from "../lib/auth-provider";
import { Button, buttonVariants } from "../components/ui/button";
import { type AiCommand, AiLayer, AiToolbar, InlineCompletion, useAiCapabilities } from "../features/ai";
import { type EditorAiCommand, EditorWorkspace, useEditorDocument, useEditorPreferences } from "../features/editor";
import { CommentsSlot } from "../features/comments";
import { SuggestingSlot } from "../features/suggesting";
import { ExportMenu } from "../features/export";
import { GrammarCheck } from "../features/grammar";
import { HistoryPanel } from "../features/history";
import { ShareButton } from "../features/sharing";
import { usePageTitle } from "../lib/page-title";
import { type SettingsSection, useSettingsRequests } from "../lib/settings-link";
import { useSubscription } from "../lib/subscription";
import { lazyPart } from "../lib/lazy-part";

// Account Settings loads when the user button is first clicked, not with the editor.
const AccountSettingsDialog = lazyPart(() => import("../features/settings").then((m) => ({ default: m.AccountSettingsDialog })));

function CenteredMessage({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      {children}
    </main>
  );
}

export default function EditorPage() {
  usePageTitle("Editor");
  const params = useParams<{ id?: string }>();
  const [, navigate] = useLocation();
  const { user, session, loading: authLoading } = useAuth();
  const signedIn = !!user;

  // Signed-out visitors go home once we know there is no session: the editor needs an account.
  useEffect(() => {
    if (!authLoading && !signedIn) navigate("/", { replace: true });
  }, [authLoading, signedIn, navigate]);

  const { state, retry } = useEditorDocument(params.id, signedIn);
  useEffect(() => {
    if (state.kind === "created") navigate(`/editor/${state.id}`, { replace: true });
  }, [state, navigate]);

  const { preferences, loaded: prefsLoaded } = useEditorPreferences(signedIn);
  const subscription = useSubscription({ enabled: signedIn });
  const plan = subscription.data;
  const planLabel = plan ? (isPlanId(plan.planName) ? PLANS[plan.planName].name : plan.planName) : null;
  // The user's own model connection serves AI on any plan.
  const capabilities = useAiCapabilities({ enabled: signedIn });
  // The status line reads the plan table (shared/plans.ts), as the AI tools do.
  const aiEnabled = aiStatus({ plan: effectivePlan(plan), model: capabilities.model, ownModel: capabilities.source === "user" });

  const accessTokenRef = useRef<string | null>(null);
  accessTokenRef.current = session?.access_token ?? null;

  const [aiCommand, setAiCommand] = useState<{ name: AiCommand; nonce: number } | null>(null);
  const [assistantOpen, setAssistantOpen] = useState(false);
  const [rewriteOpen, setRewriteOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsSection, setSettingsSection] = useState<SettingsSection | undefined>(undefined);
  // Stays mounted once opened, so closing keeps its animation and tab state.
  const [settingsUsed, setSettingsUsed] = useState(false);
  if (settingsOpen && !settingsUsed) setSettingsUsed(true);
  const onAiCommand = useCallback((name: EditorAiCommand) => setAiCommand({ name, nonce: Date.now() }), []);
  const openSettings = useCallback((section?: SettingsSection) => {
    setSettingsSection(section);
    setSettingsOpen(true);
  }, []);
  useSettingsRequests(openSettings);

  if (authLoading || !signedIn || state.kind === "loading" || state.kind === "created" || (state.kind === "ready" && !prefsLoaded)) {
    return (
      <CenteredMessage>
        <p role="status" className="text-muted-foreground">
          Loading document...
        </p>
      </CenteredMessage>
    );
  }

  if (state.kind !== "ready") {
    const title =
      state.kind === "not-found" ? "Document not found" : state.kind === "limit" ? "Document limit reached" : "Could not open the document";
    const text =
      state.kind === "not-found"
        ? "This document doesn't exist, was deleted, or belongs to someone else."
        : state.message;
    return (
      <CenteredMessage>
        <FileQuestion aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="max-w-md text-muted-foreground">{text}</p>
        <div className="flex gap-2">
          <Link href="/" className={buttonVariants()}>
            Back to Documents
          </Link>
          {state.kind === "error" && (
            <Button variant="outline" onClick={retry}>
              Try again
            </Button>
          )}
        </div>
      </CenteredMessage>
    );
  }

  const record = state.record;
  return (
    <>
      <EditorWorkspace
        key={record.id}
        record={record}
        email={user.email ?? ""}
        planLabel={planLabel}
        aiEnabled={aiEnabled}
        preferences={preferences}
        accessTokenRef={accessTokenRef}
        onAiCommand={onAiCommand}
        assistantOpen={assistantOpen}
        onAssistantOpenChange={setAssistantOpen}
        rewriteOpen={rewriteOpen}
        onRewriteOpenChange={setRewriteOpen}
        onOpenSettings={() => openSettings()}
        renderShare={() => (record.access === undefined || record.access === "owner" ? <ShareButton documentId={record.id} /> : null)}
        renderExport={(getDocument) => <ExportMenu getDocument={getDocument} />}
        renderAiToolbar={(editor) => <AiToolbar editor={editor} />}
        renderHistory={(panel) => <HistoryPanel documentId={record.id} {...panel} />}
        renderComments={(slot) => <CommentsSlot documentId={record.id} {...slot} />}
        renderSuggesting={(slot) => <SuggestingSlot {...slot} />}
        renderAiLayer={(editor, tools) => (
          <>
            {tools && <InlineCompletion editor={editor} />}
            <GrammarCheck editor={editor} />
            <AiLayer
              tools={tools}
              editor={editor}
              documentId={record.id}
              command={aiCommand}
              assistantOpen={assistantOpen}
              onAssistantOpenChange={setAssistantOpen}
              rewriteOpen={rewriteOpen}
              onRewriteOpenChange={setRewriteOpen}
            />
          </>
        )}
      />
      {settingsUsed && (
        <Suspense fallback={null}>
          <AccountSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} section={settingsSection} />
        </Suspense>
      )}
    </>
  );
}
