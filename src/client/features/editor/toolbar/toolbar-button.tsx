import type { ReactNode } from "react";
import { SimpleTooltip } from "../../../components/ui/tooltip";
import { cn } from "../../../lib/cn";

/** A small icon button with a tooltip; `active` marks toggled formatting (aria-pressed). */
export function ToolbarButton({
  label,
  shortcut,
  active,
  disabled,
  onClick,
  className,
  children,
}: {
  label: string;
  shortcut?: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  /** Extra classes (the phone's bar makes the buttons a thumb's size). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <SimpleTooltip content={shortcut ? `${label} (${shortcut})` : label}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        // Keep the editor's selection: the click must not move focus out of it.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
        className={cn(
          "inline-flex size-8 shrink-0 items-center justify-center rounded-md text-sm transition-colors outline-hidden hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-4",
          active && "bg-accent text-accent-foreground",
          className,
        )}
      >
        {children}
      </button>
    </SimpleTooltip>
  );
}

export function ToolbarDivider() {
  return <span aria-hidden="true" className="mx-1 h-5 w-px shrink-0 bg-border" />;
}
