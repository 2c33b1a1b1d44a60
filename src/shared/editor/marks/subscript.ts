// Subscript (H₂O), Ctrl/Cmd+, (TipTap's default). A run is either subscript or superscript.
import { Subscript as BaseSubscript } from "@tiptap/extension-subscript";

export const Subscript = BaseSubscript.extend({ excludes: "subscript superscript" });
