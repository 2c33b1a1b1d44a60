import { useCallback, useEffect, useRef, useState } from "react";
import { COPY_CONFIRMATION_MS } from "../../../shared/limits";
import { toast } from "../../lib/toast";

/** Copies text to the clipboard; `copied` stays true for the spec's 2 seconds. */
export function useCopyLink(): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
      toast({ title: "Link Copied", description: "Share link copied to clipboard" });
    } catch {
      toast({ title: "Copy Failed", description: "Failed to copy link to clipboard", variant: "destructive" });
    }
  }, []);
  return { copied, copy };
}
