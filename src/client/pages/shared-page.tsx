import { useEffect } from "react";
import { useParams } from "wouter";
import { PageShell } from "../components/page-shell";
import { SharedDocumentView } from "../features/sharing";
import { usePageTitle } from "../lib/page-title";

/** Share pages stay out of search engines (the API also answers X-Robots-Tag: noindex). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement("meta");
    meta.name = "robots";
    meta.content = "noindex, nofollow";
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

/** Route /shared/:id, the public shared view; no sign-in needed: the link is the permission. */
export default function SharedPage() {
  const { id = "" } = useParams<{ id: string }>();
  usePageTitle("Shared Document", "A document shared with you on Draftsmith.");
  useNoIndex();
  return (
    <PageShell mainClassName="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <SharedDocumentView documentId={id} />
    </PageShell>
  );
}
