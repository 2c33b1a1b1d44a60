// Comment threads as Word comments: each thread's passage (its comment marks in the text)
// becomes a Word comment range, its first comment a Word comment and each reply a Word reply
// (parentId), a resolved thread marked done. Threads whose passage is gone from the text,
// and comment marks without a thread the reader may see, are left out.
import { CommentRangeEnd, CommentRangeStart, CommentReference, type ICommentOptions, Paragraph, type ParagraphChild, TextRun } from "docx";
import { COMMENT_MARK } from "../../shared/editor/comment-anchor.js";
import type { DocNode } from "../../shared/editor/schema.js";

/** A thread as the Word export writes it. */
export interface ExportThread {
  anchorId: string;
  resolved: boolean;
  comments: { author: string; date: Date; body: string }[];
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join("")
    .slice(0, 3) || "?";

/**
 * Follows the comment marks through the runs of the document in reading order: the Word
 * builder asks it, before each text run, which ranges open or close there.
 */
export class WordComments {
  private readonly ids = new Map<string, number[]>();
  private readonly threads = new Map<string, ExportThread>();
  private readonly open = new Set<string>();
  private next = 0;

  constructor(threads: ExportThread[], xmlSafe: (s: string) => string) {
    this.xmlSafe = xmlSafe;
    for (const t of threads) if (t.comments.length) this.threads.set(t.anchorId, t);
  }
  private readonly xmlSafe: (s: string) => string;

  private idsOf(anchorId: string): number[] {
    let ids = this.ids.get(anchorId);
    if (!ids) {
      ids = this.threads.get(anchorId)!.comments.map(() => this.next++);
      this.ids.set(anchorId, ids);
    }
    return ids;
  }

  /** Range starts and ends to put before a text run with `node`'s marks. */
  before(node: DocNode): ParagraphChild[] {
    const here = new Set((node.marks ?? []).filter((m) => m.type === COMMENT_MARK).map((m) => String(m.attrs?.threadId ?? "")));
    const out: ParagraphChild[] = [];
    for (const anchorId of [...this.open]) if (!here.has(anchorId)) out.push(...this.close(anchorId));
    for (const anchorId of here) {
      if (this.open.has(anchorId) || !this.threads.has(anchorId) || this.ids.has(anchorId)) continue;
      this.open.add(anchorId);
      for (const id of this.idsOf(anchorId)) out.push(new CommentRangeStart(id));
    }
    return out;
  }

  /** The ranges still open at the end of a paragraph stay open (a passage may span paragraphs); at the end of the document they close. */
  closeAll(): ParagraphChild[] {
    return [...this.open].flatMap((anchorId) => this.close(anchorId));
  }

  private close(anchorId: string): ParagraphChild[] {
    this.open.delete(anchorId);
    const ids = this.idsOf(anchorId);
    return ids.flatMap((id) => [new CommentRangeEnd(id), new TextRun({ children: [new CommentReference(id)] })]);
  }

  /** The comments part: only threads whose passage was found in the text. */
  definitions(): ICommentOptions[] {
    const out: ICommentOptions[] = [];
    for (const [anchorId, ids] of this.ids) {
      const thread = this.threads.get(anchorId)!;
      thread.comments.forEach((c, i) => {
        out.push({
          id: ids[i]!,
          author: this.xmlSafe(c.author) || "Someone",
          initials: initials(c.author),
          date: c.date,
          parentId: i > 0 ? ids[0] : undefined,
          resolved: thread.resolved || undefined,
          children: c.body.split("\n").map((line) => new Paragraph({ children: [new TextRun(this.xmlSafe(line))] })),
        });
      });
    }
    return out;
  }
}
