// Mentions in a comment's text: `@[Name](user-id)`. The token keeps the person's id (what the
// server checks and notifies) beside the name shown when it was written (what every reader
// sees, as "@Name"). No zod here: the comment composer and the thread cards load it.

/** One mention token: the name (no brackets or line breaks) and the person's id (a uuid). */
export const MENTION_PATTERN = /@\[([^[\]\n]{1,100})\]\(([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\)/g;

/** The ids mentioned in `body`, each once, in the order they first appear (lower case). */
export function mentionedIds(body: string): string[] {
  const ids = new Set<string>();
  for (const m of body.matchAll(MENTION_PATTERN)) ids.add(m[2]!.toLowerCase());
  return [...ids];
}

/** The token for a person: brackets and line breaks in the name are dropped so the token stays whole. */
export function mentionToken(name: string, id: string): string {
  const clean = name.replace(/[[\]\n\r]/g, "").trim().slice(0, 100) || "someone";
  return `@[${clean}](${id})`;
}

export type MentionPart = { kind: "text"; text: string } | { kind: "mention"; name: string; id: string };

/** The body split into plain text and mentions, for showing it. */
export function mentionParts(body: string): MentionPart[] {
  const parts: MentionPart[] = [];
  let last = 0;
  for (const m of body.matchAll(MENTION_PATTERN)) {
    if (m.index! > last) parts.push({ kind: "text", text: body.slice(last, m.index) });
    parts.push({ kind: "mention", name: m[1]!, id: m[2]!.toLowerCase() });
    last = m.index! + m[0].length;
  }
  if (last < body.length) parts.push({ kind: "text", text: body.slice(last) });
  return parts;
}

/** The body as plain text, each mention as "@Name" (emails, the inbox's excerpt). */
export function mentionsAsText(body: string): string {
  return mentionParts(body)
    .map((p) => (p.kind === "text" ? p.text : `@${p.name}`))
    .join("");
}
