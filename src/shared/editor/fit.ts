// The schema check of a saved document without building ProseMirror nodes: the parsed tree
// is matched against the schema's own compiled node and mark types (content expressions,
// which marks a parent allows, attribute defaults), and its normalized form and plain text
// come out of the same walk. It decides only the shapes it can copy exactly (the ones the
// editor writes); anything else — an unknown or refused type, marks out of order or
// excluding each other, text that ProseMirror would join, empty text — returns null
// and ProseMirror decides (validate.ts), with its own message. fit.test.ts holds the two to
// the same answers on random documents.
import type { ContentMatch, MarkType, NodeType, Schema } from "@tiptap/pm/model";
import type { DocNode } from "./schema.js";
import { textAfterChildren, textBeforeChildren } from "./text.js";

type Attrs = Record<string, unknown>;
type MarkJson = NonNullable<DocNode["marks"]>[number];

interface AttrPlan {
  names: string[];
  defaults: unknown[];
}

interface MarkInfo {
  type: MarkType;
  rank: number;
  attrs: AttrPlan | null;
  /** Indexes (ranks) of the mark types this one excludes or is excluded by. */
  clashes: Set<number>;
}

interface Plan {
  nodes: Map<string, { type: NodeType; attrs: AttrPlan | null }>;
  marks: Map<string, MarkInfo>;
}

const plans = new WeakMap<Schema, Plan>();

type AttrSpecs = Record<string, { default?: unknown; validate?: unknown }> | undefined;

/** Attribute names in the order ProseMirror builds them, with their defaults; null when none, false when not this walk's. */
function attrPlan(specs: AttrSpecs): AttrPlan | null | false {
  const names = Object.keys(specs ?? {});
  if (names.length === 0) return null;
  // A required attribute (no default) or a validate rule is ProseMirror's to apply.
  if (names.some((n) => !Object.hasOwn(specs![n]!, "default") || specs![n]!.validate)) return false;
  return { names, defaults: names.map((n) => specs![n]!.default) };
}

function planFor(schema: Schema): Plan {
  const known = plans.get(schema);
  if (known) return known;
  const nodes: Plan["nodes"] = new Map();
  const marks: Plan["marks"] = new Map();
  for (const [name, type] of Object.entries(schema.nodes)) {
    const attrs = attrPlan(type.spec.attrs as AttrSpecs);
    if (attrs !== false) nodes.set(name, { type, attrs });
  }
  // A mark's rank, which orders a node's marks, is its place in the schema's list.
  const markTypes = Object.values(schema.marks);
  markTypes.forEach((type, rank) => {
    const attrs = attrPlan(type.spec.attrs as AttrSpecs);
    if (attrs === false) return;
    const clashes = new Set<number>();
    markTypes.forEach((other, otherRank) => {
      if (other !== type && (type.excludes(other) || other.excludes(type))) clashes.add(otherRank);
    });
    marks.set(type.name, { type, rank, attrs, clashes });
  });
  const plan = { nodes, marks };
  plans.set(schema, plan);
  return plan;
}

function buildAttrs(plan: AttrPlan, given: unknown): Attrs {
  const built: Attrs = {};
  for (let i = 0; i < plan.names.length; i++) {
    const name = plan.names[i]!;
    // As ProseMirror's computeAttrs: a value given as undefined takes the default.
    const value = given ? (given as Attrs)[name] : undefined;
    built[name] = value === undefined ? plan.defaults[i] : value;
  }
  return built;
}

/** The marks as ProseMirror would keep them, or null when it would reorder, drop or refuse any. */
function fitMarks(plan: Plan, marks: MarkJson[], parent: NodeType): MarkJson[] | null {
  const out: MarkJson[] = [];
  let lastRank = -1;
  for (const mark of marks) {
    const info = plan.marks.get(mark.type);
    if (!info || !parent.allowsMarkType(info.type)) return null;
    // Strictly rising ranks: ProseMirror's sort leaves them as they are and no type repeats.
    if (info.rank <= lastRank) return null;
    for (const earlier of out) if (info.clashes.has(plan.marks.get(earlier.type)!.rank)) return null;
    lastRank = info.rank;
    out.push(info.attrs ? { type: mark.type, attrs: buildAttrs(info.attrs, mark.attrs) } : { type: mark.type });
  }
  return out;
}

/** Two neighbouring text nodes that ProseMirror might join into one (same mark types). */
function mayJoin(a: DocNode, b: DocNode): boolean {
  if (a.type !== "text" || b.type !== "text") return false;
  const am = a.marks ?? [];
  const bm = b.marks ?? [];
  return am.length === bm.length && am.every((m, i) => m.type === bm[i]!.type);
}

/**
 * The normalized node, writing its plain text to `text`; null when ProseMirror must decide.
 * Recursion is bounded: checkTree (validate.ts) has refused trees deeper than MAX_DOC_DEPTH.
 */
function fitNode(plan: Plan, json: DocNode, parent: NodeType | null, text: string[]): DocNode | null {
  const entry = plan.nodes.get(json.type);
  if (!entry) return null;
  const { type } = entry;
  let marks: MarkJson[] | undefined;
  if (json.marks !== undefined && json.marks.length > 0) {
    if (!parent) return null;
    const fitted = fitMarks(plan, json.marks, parent);
    if (!fitted) return null;
    marks = fitted;
  }
  // Like ProseMirror, the normalized node keeps only the fields it knows: a text node's
  // type, marks and text; any other node's type, attributes, content and marks.
  if (type.isText) {
    if (typeof json.text !== "string" || json.text === "") return null;
    const node: DocNode = marks ? { type: "text", marks, text: json.text } : { type: "text", text: json.text };
    textBeforeChildren(node, text);
    textAfterChildren(node, text);
    return node;
  }
  const node: DocNode = { type: json.type };
  if (entry.attrs) node.attrs = buildAttrs(entry.attrs, json.attrs);
  textBeforeChildren(node, text);
  const children = json.content ?? [];
  let match: ContentMatch | null = type.contentMatch;
  const content: DocNode[] = [];
  for (const child of children) {
    const fitted = fitNode(plan, child, type, text);
    if (!fitted) return null;
    match = match.matchType(plan.nodes.get(fitted.type)!.type);
    if (!match) return null;
    if (content.length > 0 && mayJoin(content[content.length - 1]!, fitted)) return null;
    content.push(fitted);
  }
  if (!match.validEnd) return null;
  if (content.length > 0) node.content = content;
  if (marks) node.marks = marks;
  textAfterChildren(node, text);
  return node;
}

/**
 * The document as ProseMirror's nodeFromJSON → check → toJSON would return it, with its
 * joined plain text (text.ts), or null when this walk does not decide it. `doc` has passed
 * validate.ts's tree check (shapes, attribute values, depth).
 */
export function fitToSchema(schema: Schema, doc: DocNode): { doc: DocNode; joined: string } | null {
  const plan = planFor(schema);
  const text: string[] = [];
  const fitted = fitNode(plan, doc, null, text);
  return fitted ? { doc: fitted, joined: text.join("") } : null;
}

/**
 * One top-level block of a document, as fitToSchema would fit it inside the document (its
 * marks checked against the document node), with its node type; null when this walk does
 * not decide it. `block` has passed validate.ts's tree check at depth 1. Its text is left to
 * the caller (blocks.ts), which reads it from the fitted node with the same text.ts rules.
 */
export function fitBlock(schema: Schema, block: DocNode): { node: DocNode; type: NodeType } | null {
  const plan = planFor(schema);
  const node = fitNode(plan, block, schema.topNodeType, []);
  return node ? { node, type: plan.nodes.get(node.type)!.type } : null;
}

/** Whether the document node itself has attributes in this schema (fitToSchema would write them). */
export function topNodeHasAttrs(schema: Schema): boolean {
  return planFor(schema).nodes.get(schema.topNodeType.name)?.attrs !== null;
}
