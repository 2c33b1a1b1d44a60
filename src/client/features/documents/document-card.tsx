import { FileText, MoreVertical, Pencil, Pin, PinOff, Trash2 } from "lucide-react";
import { Link } from "wouter";
import type { DocumentSummary } from "../../../shared/contracts/documents";
import { GoalProgress } from "../../components/goal-progress";
import { Button } from "../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { formatUpdatedAt } from "./format";

export interface DocumentCardProps {
  document: DocumentSummary;
  onRename: (doc: DocumentSummary) => void;
  onDelete: (doc: DocumentSummary) => void;
  onTogglePin: (doc: DocumentSummary) => void;
}

/** One dashboard card: title, the text's start, word count and last-updated time; the whole card opens the editor. */
export function DocumentCard({ document: doc, onRename, onDelete, onTogglePin }: DocumentCardProps) {
  return (
    <li className="group relative flex flex-col rounded-xl border bg-card text-card-foreground shadow-sm transition-colors hover:border-primary/40 hover:bg-accent/30">
      <Link
        href={`/editor/${doc.id}`}
        className="flex min-h-28 flex-col gap-3 rounded-xl p-5 pr-14 outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="document-card"
      >
        <div className="flex items-start gap-3">
          <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <h2 className="line-clamp-2 font-semibold leading-snug break-words">{doc.title}</h2>
          {doc.pinned && <Pin aria-label="Pinned" className="mt-1 size-3.5 shrink-0 text-muted-foreground" />}
        </div>
        {doc.excerpt && <p className="line-clamp-2 text-sm text-muted-foreground break-words">{doc.excerpt}</p>}
        <p className="mt-auto text-sm text-muted-foreground">
          {doc.word_count.toLocaleString()} {doc.word_count === 1 ? "word" : "words"} · Updated{" "}
          <time dateTime={doc.updated_at}>{formatUpdatedAt(doc.updated_at)}</time>
          {!!doc.open_comments && (
            <span data-testid="comment-count">
              {" "}
              · {doc.open_comments} {doc.open_comments === 1 ? "comment" : "comments"}
            </span>
          )}
        </p>
        {doc.word_goal != null && <GoalProgress words={doc.word_count} goal={doc.word_goal} />}
      </Link>
      <div className="absolute top-3 right-3">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Actions for ${doc.title}`}>
              <MoreVertical aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => onTogglePin(doc)}>
              {doc.pinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
              {doc.pinned ? "Unpin" : "Pin to top"}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onRename(doc)}>
              <Pencil aria-hidden="true" />
              Rename
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onDelete(doc)} className="text-destructive focus:text-destructive">
              <Trash2 aria-hidden="true" />
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </li>
  );
}
