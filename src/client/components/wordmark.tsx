import { PenLine } from "lucide-react";
import { Link } from "wouter";
import { cn } from "../lib/cn";

/** The product wordmark; a link home unless `asLink` is false. */
/** `compact`: below 400 px only the pen shows, so a header full of account actions fits a 360 px phone. */
export function Wordmark({ className, asLink = true, compact = false }: { className?: string; asLink?: boolean; compact?: boolean }) {
  const content = (
    <>
      <PenLine aria-hidden="true" className="size-5" />
      <span className={compact ? "max-[400px]:sr-only" : undefined}>Draftsmith</span>
    </>
  );
  const cls = cn("inline-flex items-center gap-2 text-lg font-semibold tracking-tight", className);
  if (!asLink) return <span className={cls}>{content}</span>;
  return (
    <Link href="/" className={cn(cls, "rounded-md")} aria-label="Draftsmith home">
      {content}
    </Link>
  );
}
