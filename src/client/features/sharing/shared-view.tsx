// The public shared page's content (route /shared/:id): loading, the password prompt, the
// document, or one "not available" answer for private, expired, deleted and unknown links.
import { FileX, Home, RefreshCw } from "lucide-react";
import { Suspense } from "react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { PasswordForm } from "./password-form";
import { useSharedDocument } from "./use-shared-document";
import { lazyPart } from "../../lib/lazy-part";

const SharedDocumentBody = lazyPart(() => import("./shared-document"));

function Loading() {
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4" role="status" aria-busy="true" aria-label="Loading document">
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
    </div>
  );
}

function Unavailable() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center">
      <FileX aria-hidden="true" className="size-12 text-muted-foreground" />
      <h1 className="text-2xl font-semibold tracking-tight">Document not found</h1>
      <p className="text-muted-foreground">This link is private, has expired, or the document no longer exists.</p>
      <Button asChild>
        <Link href="/">
          <Home aria-hidden="true" />
          Go to Home
        </Link>
      </Button>
    </div>
  );
}

export function SharedDocumentView({ documentId }: { documentId: string }) {
  const { state, reload, unlock, tokenRef } = useSharedDocument(documentId);
  switch (state.status) {
    case "loading":
      return <Loading />;
    case "not-found":
      return <Unavailable />;
    case "locked":
      return <PasswordForm onUnlock={unlock} />;
    case "error":
      return (
        <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center">
          <h1 className="text-2xl font-semibold tracking-tight">Couldn't load the document</h1>
          <p className="text-muted-foreground">Check your connection and try again.</p>
          <Button onClick={() => void reload()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      );
    case "ready":
      return (
        <Suspense fallback={<Loading />}>
          <SharedDocumentBody key={`${state.doc.id}:${state.doc.allow_editing}:${state.doc.version}`} doc={state.doc} tokenRef={tokenRef} onLost={() => void reload()} />
        </Suspense>
      );
  }
}
