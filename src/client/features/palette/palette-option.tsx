// One option of the palette's list. Chosen from the search box (the combobox pattern keeps the
// focus there), so the option takes no focus; the pointer hovers and clicks it.
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

export function PaletteOption({
  id,
  label,
  keyshortcuts,
  selected,
  onHover,
  onChoose,
  children,
}: {
  id: string;
  label?: string;
  keyshortcuts?: string;
  selected: boolean;
  onHover: () => void;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      aria-label={label}
      aria-keyshortcuts={keyshortcuts}
      className={cn("cursor-pointer scroll-my-2 rounded-md px-3 py-2 text-sm", selected && "bg-accent text-accent-foreground")}
      onMouseMove={onHover}
      // Keep the focus in the search box while clicking.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onChoose}
    >
      {children}
    </div>
  );
}
