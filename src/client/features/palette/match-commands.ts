// Which commands a typed query names: every word of the query starts a word of the command's
// label, group or keywords ("exp pdf" → Export as PDF, "head 2" → Heading 2), in the order
// the page offered them. Nothing typed lists them all.
import type { AppCommand } from "../../lib/command-registry";

const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

export function matchCommands(commands: AppCommand[], query: string): AppCommand[] {
  const wanted = words(query);
  if (wanted.length === 0) return commands;
  return commands.filter((c) => {
    const have = words(`${c.label} ${c.group} ${c.keywords ?? ""}`);
    return wanted.every((w) => have.some((h) => h.startsWith(w)));
  });
}
