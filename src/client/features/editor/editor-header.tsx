// Header: logo, breadcrumb Documents > title, save indicator, who else is in the document,
// Live/Offline badge, the command palette's button (with its shortcut), user button, email
// local part and the real plan name.
import { ChevronLeft, ChevronRight, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Badge } from "../../components/ui/badge";
import { PaletteButton } from "../../components/palette-button";
import { Wordmark } from "../../components/wordmark";
import { SaveIndicator } from "../../components/save-indicator";
import type { LiveSaveStatus } from "../../lib/collab/live-document";

export function EditorHeader({
  title,
  status,
  connection,
  presence,
  email,
  planLabel,
  onOpenSettings,
}: {
  title: string;
  status: LiveSaveStatus;
  connection: "live" | "offline";
  /** Who else is in the document (avatars). */
  presence?: ReactNode;
  email: string;
  planLabel: string | null;
  onOpenSettings: () => void;
}) {
  const name = email.split("@")[0] || email;
  return (
    <header className="flex h-14 shrink-0 items-center gap-3 border-b bg-background px-3 sm:px-4">
      {/* A media-query variant: plain `hidden` loses to the wordmark's own inline-flex (lib/cn.ts does not merge). */}
      <Wordmark className="max-sm:hidden" />
      {/* On a phone "Documents" becomes a back arrow and the title truncates, so neither runs
          under the save status on the right. */}
      <nav aria-label="Breadcrumb" className="flex min-w-0 flex-1 items-center gap-1 overflow-hidden text-sm">
        <Link
          href="/"
          className="inline-flex shrink-0 items-center rounded-md text-muted-foreground hover:text-foreground max-sm:size-8 max-sm:justify-center"
        >
          <ChevronLeft aria-hidden="true" className="size-5 sm:hidden" />
          <span className="sr-only sm:not-sr-only">Documents</span>
        </Link>
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground max-sm:hidden" />
        <span aria-current="page" className="truncate font-medium" data-testid="breadcrumb-title">
          {title.trim() || "Untitled Document"}
        </span>
      </nav>
      <div className="ml-auto flex shrink-0 items-center gap-2 sm:gap-3">
        {/* A long status ("Offline — changes kept on this device") wraps on a phone instead of widening the header. */}
        <div className="max-w-36 sm:max-w-none [&>[data-save-status]]:max-sm:whitespace-normal [&>[data-save-status]]:max-sm:leading-tight">
          <SaveIndicator status={status} />
        </div>
        {presence}
        <Badge variant={connection === "live" ? "success" : "outline"} aria-label={`Connection: ${connection === "live" ? "Live" : "Offline"}`}>
          {connection === "live" ? "Live" : "Offline"}
        </Badge>
        <PaletteButton />
        <button
          type="button"
          onClick={onOpenSettings}
          className="flex items-center gap-2 rounded-md p-1 outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="flex size-8 items-center justify-center rounded-full bg-muted">
            <UserRound aria-hidden="true" className="size-4" />
          </span>
          <span className="hidden flex-col items-start text-left leading-tight lg:flex">
            <span className="max-w-40 truncate text-sm font-medium">{name}</span>
            {planLabel && <span className="text-xs text-muted-foreground" data-testid="plan-label">{planLabel} Plan</span>}
          </span>
          {/* The accessible name starts with the visible name and plan (WCAG 2.5.3), then says what the button does. */}
          <span className="sr-only">Account settings</span>
        </button>
      </div>
    </header>
  );
}
