import { Share2 } from "lucide-react";
import { Button } from "../../components/ui/button";

/** Placeholder: the sharing engineer replaces this with the Share dialog trigger (spec editor §2 Share dialog). */
export function ShareButton({ documentId }: { documentId: string }) {
  return (
    <Button variant="outline" size="sm" disabled data-document-id={documentId}>
      <Share2 aria-hidden="true" />
      Share
    </Button>
  );
}
