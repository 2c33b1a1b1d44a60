// The document the benches save and push: about `bytes` of document JSON in paragraphs of
// prose-like words, as bench/api.ts and bench/collab.ts build it.
export function chapter(bytes: number) {
  const paragraphs = [];
  let size = 0;
  for (let p = 0; size < bytes; p++) {
    const text = Array.from({ length: 60 }, (_, w) => `word${(p * 60 + w) % 997}`).join(" ");
    paragraphs.push({ type: "paragraph", content: [{ type: "text", text }] });
    size += text.length + 60;
  }
  return { type: "doc", content: paragraphs };
}

/**
 * The chapter as the JSON string an autosave sends, with `marker` as the first word, so a
 * load generator makes each save's content by replacing the marker (no escaping needed).
 */
export function chapterWithMarker(bytes: number, marker: string): string {
  const doc = chapter(bytes);
  const first = doc.content[0]!.content[0]!;
  first.text = `${marker} ${first.text}`;
  return JSON.stringify(doc);
}
