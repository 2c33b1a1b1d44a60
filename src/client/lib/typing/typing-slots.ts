// The places in an editor's plugins where the typing behaviour goes once loaded (typing-later.ts, typing-part.ts).
import { PluginKey } from "@tiptap/pm/state";

export const typingSlotKey = new PluginKey("typingLater");
export const typographySlotKey = new PluginKey("typographySlot");
