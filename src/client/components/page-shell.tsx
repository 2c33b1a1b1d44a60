import type { ReactNode } from "react";
import { Wordmark } from "./wordmark";
import { cn } from "../lib/cn";

/** The default top bar: wordmark on the left, optional actions on the right. */
export function SiteHeader({ actions, className }: { actions?: ReactNode; className?: string }) {
  return (
    <header className={cn("sticky top-0 z-40 border-b bg-background/95 backdrop-blur", className)}>
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <Wordmark compact={!!actions} />
        {actions && <div className="flex min-w-0 items-center gap-2">{actions}</div>}
      </div>
    </header>
  );
}

export interface PageShellProps {
  /** Header slot: omit for the default SiteHeader, pass `null` for no header (e.g. full-bleed pages). */
  header?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  /** Classes for <main>; the default centres content in a 6xl column with responsive padding. */
  mainClassName?: string;
}

/**
 * Shared page shell: skip link, header, one <main id="main"> landmark, optional footer.
 * Pages reuse it so landmarks and the skip link are consistent everywhere.
 */
export function PageShell({ header, footer, children, mainClassName }: PageShellProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      {header === undefined ? <SiteHeader /> : header}
      <main id="main" tabIndex={-1} className={cn("flex-1 outline-hidden", mainClassName ?? "mx-auto w-full max-w-6xl px-4 py-8 sm:px-6")}>
        {children}
      </main>
      {footer}
    </div>
  );
}
