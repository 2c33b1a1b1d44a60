// The block (slash) menu's commands and its filtering, as plain data so
// the filtering is testable without an editor.
export type SlashGroup = "Basic Blocks" | "More headings" | "AI Commands";

export type SlashCommandId =
  | "text"
  | "heading1"
  | "heading2"
  | "heading3"
  | "heading4"
  | "heading5"
  | "heading6"
  | "bulletList"
  | "orderedList"
  | "taskList"
  | "quote"
  | "codeBlock"
  | "divider"
  | "table"
  | "footnote"
  | "image"
  | "aiComplete"
  | "aiRewrite"
  | "aiSummarize"
  | "aiAssistant";

export interface SlashCommand {
  id: SlashCommandId;
  title: string;
  description: string;
  group: SlashGroup;
  /** Extra words the filter matches (by prefix). */
  keywords: readonly string[];
}

const SLASH_GROUPS: readonly SlashGroup[] = ["Basic Blocks", "More headings", "AI Commands"];

export const SLASH_COMMANDS: readonly SlashCommand[] = [
  { id: "text", title: "Text", description: "Plain paragraph text", group: "Basic Blocks", keywords: ["paragraph", "p"] },
  { id: "heading1", title: "Heading 1", description: "Large section heading", group: "Basic Blocks", keywords: ["h1", "title"] },
  { id: "heading2", title: "Heading 2", description: "Medium section heading", group: "Basic Blocks", keywords: ["h2", "subtitle"] },
  { id: "heading3", title: "Heading 3", description: "Small section heading", group: "Basic Blocks", keywords: ["h3"] },
  { id: "bulletList", title: "Bullet List", description: "A simple bulleted list", group: "Basic Blocks", keywords: ["ul", "unordered", "bulleted"] },
  { id: "orderedList", title: "Numbered List", description: "A list with numbers", group: "Basic Blocks", keywords: ["ol", "ordered"] },
  { id: "taskList", title: "To-do List", description: "A list with checkboxes", group: "Basic Blocks", keywords: ["todo", "task", "checkbox", "checklist"] },
  { id: "quote", title: "Quote", description: "Capture a quotation", group: "Basic Blocks", keywords: ["blockquote", "citation"] },
  { id: "codeBlock", title: "Code Block", description: "A block of code", group: "Basic Blocks", keywords: ["pre", "snippet"] },
  { id: "divider", title: "Divider", description: "A horizontal line", group: "Basic Blocks", keywords: ["hr", "rule", "separator"] },
  { id: "table", title: "Table", description: "A 3 × 3 table with a header row", group: "Basic Blocks", keywords: ["grid", "columns", "rows", "spreadsheet"] },
  { id: "footnote", title: "Footnote", description: "A numbered note at the end (Ctrl+Alt+F)", group: "Basic Blocks", keywords: ["note", "citation", "reference", "endnote"] },
  { id: "image", title: "Picture", description: "Upload an image with its alt text", group: "Basic Blocks", keywords: ["image", "photo", "img", "figure", "upload"] },
  { id: "heading4", title: "Heading 4", description: "Smaller section heading", group: "More headings", keywords: ["h4"] },
  { id: "heading5", title: "Heading 5", description: "Minor heading", group: "More headings", keywords: ["h5"] },
  { id: "heading6", title: "Heading 6", description: "Smallest heading", group: "More headings", keywords: ["h6"] },
  { id: "aiComplete", title: "AI Complete", description: "Continue writing from here", group: "AI Commands", keywords: ["continue", "autocomplete"] },
  { id: "aiRewrite", title: "AI Rewrite", description: "Rewrite the selected text", group: "AI Commands", keywords: ["rephrase", "style", "tone"] },
  { id: "aiSummarize", title: "AI Summarize", description: "Summarize the document", group: "AI Commands", keywords: ["summary", "tldr"] },
  { id: "aiAssistant", title: "AI Assistant", description: "Open the writing assistant", group: "AI Commands", keywords: ["help", "outline", "ask"] },
];

const normalize = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Commands matching the typed filter, in menu order (grouped as listed), so the arrow keys
 * walk the list exactly as it is shown. A command matches when its title contains the
 * filter, when every filter word starts a word of the title, or a keyword starts with it.
 */
export function filterSlashCommands(query: string, commands: readonly SlashCommand[] = SLASH_COMMANDS): SlashCommand[] {
  const q = normalize(query);
  if (!q) return [...commands];
  const compact = q.replace(/ /g, "");
  const qWords = q.split(" ");
  return commands.filter((cmd) => {
    const title = normalize(cmd.title);
    if (title.includes(q) || title.replace(/ /g, "").includes(compact)) return true;
    const titleWords = title.split(" ");
    if (qWords.every((w) => titleWords.some((t) => t.startsWith(w)))) return true;
    return cmd.keywords.some((k) => k.startsWith(compact));
  });
}

/** The filtered commands split into their groups (empty groups left out), for rendering. */
export function groupSlashCommands(commands: readonly SlashCommand[]): { group: SlashGroup; commands: SlashCommand[] }[] {
  return SLASH_GROUPS.map((group) => ({ group, commands: commands.filter((c) => c.group === group) })).filter(
    (g) => g.commands.length > 0,
  );
}

/** Next highlighted index for the arrow keys, wrapping around. */
export function moveHighlight(index: number, delta: 1 | -1, count: number): number {
  if (count === 0) return 0;
  return (((index + delta) % count) + count) % count;
}
