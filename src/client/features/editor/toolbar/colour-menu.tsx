// The text colour menu's list, loaded with Radix's menu when the colour button is first
// pressed (formatting-toolbar.tsx, components/ui/menu-on-demand.tsx).
import type { Editor } from "@tiptap/core";
import type { ReactElement } from "react";
import { TEXT_COLORS } from "../../../../shared/editor/formatting";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../../components/ui/dropdown-menu";

export default function ColourMenu({ editor, trigger }: { editor: Editor; trigger: ReactElement }) {
  const chain = () => editor.chain().focus();
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start" onCloseAutoFocus={(e) => e.preventDefault()}>
        {TEXT_COLORS.map((c) => (
          <DropdownMenuItem key={c.value} onSelect={() => chain().setColor(c.value).run()}>
            <span aria-hidden="true" className="size-4 rounded-full border" style={{ background: c.value }} />
            {c.name}
          </DropdownMenuItem>
        ))}
        <DropdownMenuItem onSelect={() => chain().unsetColor().run()}>Default colour</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
