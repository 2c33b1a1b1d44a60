// Superscript (x²), Ctrl/Cmd+. (TipTap's default). A run is either superscript or subscript.
import { Superscript as BaseSuperscript } from "@tiptap/extension-superscript";

export const Superscript = BaseSuperscript.extend({ excludes: "superscript subscript" });
