// A version of the document as a reader sees it, read-only, with what changed since the
// version before marked: added words underlined on green, removed words struck through on
// red (the same marks as an AI proposal, src/client/features/ai/suggestion-card.tsx), a block
// added or removed whole also edged in its colour. The typography is the editor's
// (components/ui/document-content.css), so headings, lists and quotes look as they do there.
import { type CSSProperties, Fragment, type ReactNode } from "react";
import "../../components/ui/document-content.css";
import "../../components/ui/document-dark-text.css";
import { cn } from "../../lib/cn";
import type { Change, DiffContainer, DiffLeaf, DiffNode, InlinePiece, Mark } from "./version-diff";

const ADDED = "rounded-sm bg-success/15 text-foreground underline decoration-success decoration-2 underline-offset-2";
const REMOVED = "rounded-sm bg-destructive/10 text-muted-foreground line-through decoration-destructive decoration-2";
const BLOCK_EDGE: Partial<Record<DiffLeaf["change"], string>> = {
  added: "border-l-2 border-success pl-2",
  removed: "border-l-2 border-destructive pl-2",
};

const RULE_COLOR: Partial<Record<DiffLeaf["change"], CSSProperties>> = {
  added: { borderTopColor: "var(--color-success)" },
  removed: { borderTopColor: "var(--color-destructive)" },
};

// A colour as TipTap writes it (hex, rgb(), a name); anything else is left out of the style.
const SAFE_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i;

function withMark(mark: Mark, children: ReactNode): ReactNode {
  switch (mark.type) {
    case "bold":
      return <strong>{children}</strong>;
    case "italic":
      return <em>{children}</em>;
    case "underline":
      return <u>{children}</u>;
    case "strike":
      return <s>{children}</s>;
    case "code":
      return <code>{children}</code>;
    case "superscript":
      return <sup>{children}</sup>;
    case "subscript":
      return <sub>{children}</sub>;
    case "highlight":
      return <mark>{children}</mark>;
    case "link": {
      // Shown as a link but not followed: the preview is for reading what changed.
      const href = typeof mark.attrs?.href === "string" ? mark.attrs.href : undefined;
      return (
        <span className="text-ring underline underline-offset-2" title={href}>
          {children}
        </span>
      );
    }
    case "textStyle": {
      const color = mark.attrs?.color;
      return typeof color === "string" && SAFE_COLOR.test(color) ? <span style={{ color }}>{children}</span> : children;
    }
    default:
      return children;
  }
}

function Piece({ piece }: { piece: InlinePiece }) {
  if (piece.lineBreak) return <br />;
  return piece.marks.reduceRight<ReactNode>((inner, mark) => withMark(mark, inner), piece.text);
}

/** Neighbouring pieces of one change, so a word split by its formatting is one mark. */
function runsOfChange(pieces: InlinePiece[]): { change: Change; pieces: InlinePiece[] }[] {
  const runs: { change: Change; pieces: InlinePiece[] }[] = [];
  for (const piece of pieces) {
    const last = runs[runs.length - 1];
    if (last?.change === piece.change) last.pieces.push(piece);
    else runs.push({ change: piece.change, pieces: [piece] });
  }
  return runs;
}

/**
 * The spaces at the edges of a changed run, left outside its mark so an underline or a strike
 * covers words, not the gaps around them.
 */
function edgeSpaces(pieces: InlinePiece[]): { lead: string; pieces: InlinePiece[]; trail: string } {
  const text = pieces.map((p) => p.text).join("");
  if (!text.trim() || pieces.some((p) => p.lineBreak)) return { lead: "", pieces, trail: "" };
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  const lead = /^\s*/.exec(first.text)![0];
  const trail = pieces.length === 1 ? /\s*$/.exec(first.text.slice(lead.length))![0] : /\s*$/.exec(last.text)![0];
  const trimmed = pieces.map((p, i) => {
    let t = p.text;
    if (i === 0) t = t.slice(lead.length);
    if (i === pieces.length - 1 && trail) t = t.slice(0, t.length - trail.length);
    return { ...p, text: t };
  });
  return { lead, pieces: trimmed.filter((p) => p.text), trail };
}

export function InlineChanges({ pieces }: { pieces: InlinePiece[] }) {
  const runs = runsOfChange(pieces);
  return runs.map((run, i) => {
    if (run.change === "same") return run.pieces.map((piece, j) => <Piece key={`${i}.${j}`} piece={piece} />);
    const { lead, pieces: inner, trail } = edgeSpaces(run.pieces);
    const content = inner.map((piece, j) => <Piece key={j} piece={piece} />);
    // Words replaced by others would touch their replacement: a small gap keeps them apart.
    const afterRemoved = run.change === "added" && runs[i - 1]?.change === "removed" && !lead;
    return (
      <Fragment key={i}>
        {lead}
        {run.change === "added" ? (
          <ins className={cn(ADDED, afterRemoved && "ms-1")}>
            <span className="sr-only">Added: </span>
            {content}
          </ins>
        ) : (
          <del className={REMOVED}>
            <span className="sr-only">Removed: </span>
            {content}
          </del>
        )}
        {trail}
      </Fragment>
    );
  });
}

function LeafBlock({ leaf }: { leaf: DiffLeaf }) {
  const align = leaf.attrs?.textAlign;
  const style: CSSProperties | undefined = typeof align === "string" && align !== "left" ? { textAlign: align as CSSProperties["textAlign"] } : undefined;
  const className = BLOCK_EDGE[leaf.change];
  const content = leaf.pieces.length ? <InlineChanges pieces={leaf.pieces} /> : <br />;
  switch (leaf.type) {
    case "heading": {
      const raw = leaf.attrs?.level;
      const level = typeof raw === "number" && Number.isInteger(raw) && raw >= 1 && raw <= 6 ? raw : 2;
      const Tag = `h${level}` as "h1" | "h2" | "h3" | "h4" | "h5" | "h6";
      return (
        <Tag className={className} style={style}>
          {content}
        </Tag>
      );
    }
    case "codeBlock":
      return (
        <pre className={className}>
          <code>{content}</code>
        </pre>
      );
    case "horizontalRule":
      // Inline: document-content.css sets the rule's colour with more weight than a class.
      return <hr style={RULE_COLOR[leaf.change]} />;
    default:
      return (
        <p className={className} style={style}>
          {content}
        </p>
      );
  }
}

function Blocks({ nodes }: { nodes: DiffNode[] }) {
  return nodes.map((node, i) => <Block key={i} node={node} />);
}

function Block({ node }: { node: DiffNode }) {
  if (node.kind === "leaf") return <LeafBlock leaf={node} />;
  const children = <Blocks nodes={node.children} />;
  switch (node.type) {
    case "bulletList":
      return <ul>{children}</ul>;
    case "orderedList": {
      const start = typeof node.attrs?.start === "number" ? node.attrs.start : undefined;
      return <ol start={start}>{children}</ol>;
    }
    case "listItem":
      return <li>{children}</li>;
    case "taskList":
      return <ul data-type="taskList">{children}</ul>;
    case "taskItem": {
      const checked = node.attrs?.checked === true;
      return (
        <li data-type="taskItem" data-checked={String(checked)}>
          <label>
            <input type="checkbox" checked={checked} disabled readOnly aria-label={checked ? "Done" : "Not done"} />
          </label>
          <div>{children}</div>
        </li>
      );
    }
    case "blockquote":
      return <blockquote>{children}</blockquote>;
    default:
      return <div>{children}</div>;
  }
}

/** The document body of a version, changes marked. */
export function VersionBody({ doc, className }: { doc: DiffContainer; className?: string }) {
  return (
    <div data-testid="version-preview" className={cn("document-content", className)}>
      <Blocks nodes={doc.children} />
    </div>
  );
}
