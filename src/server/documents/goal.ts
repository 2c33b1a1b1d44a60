// A document's word-count goal: set or cleared by whoever may write the document (the owner or
// an editor member). It is not content: version and updated_at stay as they are, so no
// editor's save conflicts with it; the next read's ETag changes with it (queries.ts), on
// every instance (read-decisions.ts forgets the kept answer on the event published here).
import { and } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { documents } from "../db/index.js";
import { notFound } from "../http/index.js";
import { accessCondition, isDocumentId } from "./access.js";
import { publishDocumentChanged } from "./read-decisions.js";

export async function setWordGoal(ctx: AppContext, userId: string, id: string, goal: number | null): Promise<{ word_goal: number | null }> {
  if (!isDocumentId(id)) throw notFound("Document not found");
  const [row] = await ctx.db
    .update(documents)
    .set({ wordGoal: goal })
    .where(and(accessCondition(ctx, { kind: "user", userId }, id, true)))
    .returning({ wordGoal: documents.wordGoal });
  if (!row) throw notFound("Document not found");
  await publishDocumentChanged(ctx, id).catch(() => {});
  return { word_goal: row.wordGoal };
}
