// The toolbars' drop-down choices (smaller headings, font family, font size), shared by the
// desktop row and the phone's "More" sheet.
import type { ChainedCommands } from "@tiptap/core";
import { DEFAULT_FONT_FAMILY, DEFAULT_FONT_SIZE, FONT_FAMILIES, FONT_SIZES } from "../../../../shared/editor/formatting";
import { cn } from "../../../lib/cn";
import type { FormatState } from "./format-state";

const selectClass =
  "h-8 shrink-0 rounded-md border border-input bg-background px-2 text-xs text-foreground outline-hidden focus-visible:ring-2 focus-visible:ring-ring";

interface SelectProps {
  s: FormatState;
  chain: () => ChainedCommands;
  className?: string;
}

export function SmallHeadingSelect({ s, chain, className }: SelectProps) {
  return (
    <select
      aria-label="More headings"
      title="More headings"
      className={cn(selectClass, className)}
      value={s.smallHeading ? String(s.smallHeading) : ""}
      onChange={(e) => {
        const level = Number(e.target.value) as 4 | 5 | 6;
        if (level) chain().setHeading({ level }).run();
        else chain().setParagraph().run();
      }}
    >
      <option value="">H4–6</option>
      <option value="4">Heading 4</option>
      <option value="5">Heading 5</option>
      <option value="6">Heading 6</option>
    </select>
  );
}

export function FontFamilySelect({ s, chain, className }: SelectProps) {
  return (
    <select
      aria-label="Font family"
      className={cn(selectClass, className)}
      value={s.fontFamily || DEFAULT_FONT_FAMILY}
      onChange={(e) =>
        e.target.value === DEFAULT_FONT_FAMILY ? chain().unsetFontFamily().run() : chain().setFontFamily(e.target.value).run()
      }
    >
      {FONT_FAMILIES.map((f) => (
        <option key={f} value={f}>
          {f}
        </option>
      ))}
    </select>
  );
}

export function FontSizeSelect({ s, chain, className }: SelectProps) {
  return (
    <select
      aria-label="Font size"
      className={cn(selectClass, className)}
      value={s.fontSize || DEFAULT_FONT_SIZE}
      onChange={(e) => (e.target.value === DEFAULT_FONT_SIZE ? chain().unsetFontSize().run() : chain().setFontSize(e.target.value).run())}
    >
      {FONT_SIZES.map((f) => (
        <option key={f} value={f}>
          {f}
        </option>
      ))}
    </select>
  );
}
