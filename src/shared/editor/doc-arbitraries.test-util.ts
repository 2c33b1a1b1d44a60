// Random documents for the schema check's tests (fit.test.ts, blocks.test.ts): documents the
// editor writes, and the same documents broken in the ways a client or an attacker could.
import fc from "fast-check";
import { documentSchema } from "./schema.js";

export type Json = Record<string, unknown>;

const word = fc.constantFrom("draft", "the", "chapter", "é", "日本", " ", "  ", "\n", "\t", "a\u00a0b", "—", "x");
export const textValue = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(""));
const threadId = fc.constantFrom("thread-0001", "thread-0002", "abcdefgh");
const time = fc.constant("2026-11-27T10:00:00Z");

/** Marks with attributes each may carry; a generated set is put in the schema's order (its rank). */
const MARKS: [string, fc.Arbitrary<Json | undefined>][] = [
  ["link", fc.option(fc.record({ href: fc.constantFrom("https://example.com", "mailto:a@b.c"), target: fc.constantFrom("_blank", "_self", null) }, { requiredKeys: ["href"] }), { nil: undefined })],
  ["textStyle", fc.option(fc.record({ color: fc.constantFrom("#dc2626", "red", null), fontSize: fc.constantFrom("18px", null) }, { requiredKeys: [] }), { nil: undefined })],
  ["bold", fc.constant(undefined)],
  ["code", fc.constant(undefined)],
  ["italic", fc.constant(undefined)],
  ["strike", fc.constant(undefined)],
  ["underline", fc.constant(undefined)],
  ["subscript", fc.constant(undefined)],
  ["superscript", fc.constant(undefined)],
  ["highlight", fc.constant(undefined)],
  ["aiSuggestion", fc.option(fc.record({ suggestionId: fc.constantFrom("s1", "s2") }), { nil: undefined })],
  ["suggestionInsert", fc.record({ id: fc.constantFrom("i1", "i2"), author: fc.constantFrom("user_1", null), authorName: fc.constantFrom("Ann", null), createdAt: time }, { requiredKeys: ["id"] })],
  ["suggestionDelete", fc.record({ id: fc.constantFrom("d1"), group: fc.constantFrom("g1", null) }, { requiredKeys: ["id"] })],
  ["comment", threadId.map((t) => ({ threadId: t }))],
];

/** Marks that may stand together: no pair where one excludes the other (code excludes every other). */
const compatible = (names: string[]) => {
  const types = names.map((n) => documentSchema().marks[n]!);
  return types.every((a, i) => types.every((b, j) => i === j || !a.excludes(b)));
};

const rank = (i: number) => Object.keys(documentSchema().marks).indexOf(MARKS[i]![0]);

const markList = fc
  .subarray(MARKS.map((_, i) => i), { maxLength: 3 })
  .map((picked) => [...picked].sort((a, b) => rank(a) - rank(b)))
  .filter((picked) => compatible(picked.map((i) => MARKS[i]![0])))
  .chain((picked) =>
  fc.tuple(...picked.map((i) => MARKS[i]![1].map((attrs) => (attrs === undefined ? { type: MARKS[i]![0] } : { type: MARKS[i]![0], attrs })))),
);

const textNode = fc.tuple(textValue, markList).map(([text, marks]): Json => (marks.length ? { type: "text", text, marks } : { type: "text", text }));
const inline = fc.oneof({ weight: 6, arbitrary: textNode }, { weight: 1, arbitrary: fc.constant<Json>({ type: "hardBreak" }) }, { weight: 1, arbitrary: fc.constantFrom<Json>({ type: "footnoteReference", attrs: { id: "fn-1" } }) });
const inlines = fc.array(inline, { maxLength: 5 });
const align = fc.constantFrom(null, "left", "center", "right", "justify");

export const paragraph = fc.tuple(inlines, fc.option(align, { nil: undefined })).map(([content, textAlign]): Json => ({
  type: "paragraph",
  ...(textAlign === undefined ? {} : { attrs: { textAlign } }),
  ...(content.length ? { content } : {}),
}));

export const { block } = fc.letrec<{ block: Json; item: Json; cell: Json }>((tie) => ({
  block: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 6, arbitrary: paragraph },
    { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 1, max: 6 }), inlines).map(([level, content]) => ({ type: "heading", attrs: { level, textAlign: null, suggestedBreak: null }, content })) },
    { weight: 1, arbitrary: fc.array(tie("block"), { minLength: 1, maxLength: 2 }).map((content) => ({ type: "blockquote", content })) },
    { weight: 1, arbitrary: fc.array(tie("item"), { minLength: 1, maxLength: 3 }).map((content) => ({ type: "bulletList", content })) },
    { weight: 1, arbitrary: fc.tuple(fc.nat(20), fc.array(tie("item"), { minLength: 1, maxLength: 2 })).map(([start, content]) => ({ type: "orderedList", attrs: { start, type: null }, content })) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.boolean(), paragraph), { minLength: 1, maxLength: 2 }).map((items) => ({ type: "taskList", content: items.map(([checked, p]) => ({ type: "taskItem", attrs: { checked }, content: [p] })) })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom("ts", null), fc.array(textValue, { maxLength: 2 })).map(([language, texts]) => ({ type: "codeBlock", attrs: { language }, content: texts.map((text) => ({ type: "text", text })) })) },
    { weight: 1, arbitrary: fc.constant({ type: "horizontalRule" }) },
    { weight: 1, arbitrary: fc.record({ alt: fc.constantFrom("a cat", null, " "), caption: fc.constantFrom("Fig. 1", null) }).map((a) => ({ type: "image", attrs: { src: "/api/images/00000000-0000-4000-8000-000000000000", width: null, align: "center", ...a } })) },
    { weight: 1, arbitrary: fc.array(fc.array(tie("cell"), { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 2 }).map((rows) => ({ type: "table", content: rows.map((content) => ({ type: "tableRow", content })) })) },
    { weight: 1, arbitrary: fc.array(paragraph, { minLength: 1, maxLength: 2 }).map((ps) => ({ type: "footnotes", content: [{ type: "footnote", attrs: { id: "fn-1" }, content: ps }] })) },
  ),
  item: fc.tuple(paragraph, fc.array(tie("block"), { maxLength: 1 })).map(([p, rest]) => ({ type: "listItem", content: [p, ...rest] })),
  cell: fc.tuple(fc.constantFrom("tableCell", "tableHeader"), fc.array(paragraph, { minLength: 1, maxLength: 2 })).map(([type, content]) => ({ type, attrs: { colspan: 1, rowspan: 1, colwidth: null, align: null }, content })),
}));

export const editorDoc = fc.array(block, { minLength: 1, maxLength: 6 }).map((content): Json => ({ type: "doc", content }));

const NODE_NAMES = Object.keys(documentSchema().nodes);
const MARK_NAMES = Object.keys(documentSchema().marks);

type Change = (o: Json) => void;

/** Ways to break a node, a text node or a mark of the tree; each mirrors something a client could send. */
const nodeChanges: Change[] = [
  (o) => {
    o.type = "iframe";
  },
  (o) => {
    delete o.content;
  },
  (o) => {
    o.content = [];
  },
  (o) => {
    o.extra = 1;
  },
  (o) => {
    o.attrs = { textAlign: "left", level: 2, unknown: "x" };
  },
  (o) => {
    o.attrs = {};
  },
  (o) => {
    o.attrs = undefined;
  },
  (o) => {
    o.marks = [{ type: "bold" }];
  },
  (o) => {
    o.content = [{ type: "paragraph" }];
  },
  (o) => {
    o.content = [{ type: "hardBreak" }, { type: "text", text: "x" }];
  },
  (o) => {
    o.content = [{ type: "text", text: "a" }, { type: "text", text: "b" }];
  },
  (o) => {
    o.content = [{ type: "text", text: "a", marks: [{ type: "bold" }] }, { type: "text", text: "b", marks: [{ type: "bold" }] }];
  },
  (o) => {
    o.content = [{ type: "text", text: "a", marks: [{ type: "link", attrs: { href: "https://a.b" } }] }, { type: "text", text: "b", marks: [{ type: "link", attrs: { href: "https://c.d" } }] }];
  },
  (o) => {
    o.content = [{ type: "text", text: "a", marks: [{ type: "bold" }] }, { type: "text", text: "b", marks: [{ type: "italic" }] }];
  },
];
const textChanges: Change[] = [
  (o) => {
    o.text = "";
  },
  (o) => {
    o.text = 5;
  },
  (o) => {
    o.attrs = {};
  },
  (o) => {
    o.content = [];
  },
  (o) => {
    o.extra = true;
  },
  (o) => {
    o.marks = [];
  },
  (o) => {
    o.marks = [{ type: "bold" }, { type: "bold" }];
  },
  (o) => {
    o.marks = [{ type: "italic" }, { type: "bold" }];
  },
  (o) => {
    o.marks = [{ type: "code" }, { type: "link", attrs: { href: "https://a.b" } }];
  },
  (o) => {
    o.marks = [{ type: "bold" }, { type: "code" }];
  },
  (o) => {
    o.marks = [{ type: "textStyle", attrs: { color: "red" } }, { type: "code" }];
  },
  (o) => {
    o.marks = [{ type: "code" }, { type: "comment", attrs: { threadId: "thread-0001" } }];
  },
  (o) => {
    o.marks = [{ type: "subscript" }, { type: "superscript" }];
  },
  (o) => {
    o.marks = [{ type: "suggestionInsert" }, { type: "suggestionDelete" }];
  },
  (o) => {
    o.marks = [{ type: "comment", attrs: { threadId: "thread-0001" } }, { type: "comment", attrs: { threadId: "thread-0002" } }];
  },
  (o) => {
    o.marks = [{ type: "comment", attrs: { threadId: "thread-0001" } }, { type: "comment", attrs: { threadId: "thread-0001" } }];
  },
  (o) => {
    o.marks = [{ type: "bold", attrs: { x: 1 } }];
  },
  (o) => {
    o.marks = [{ type: "bold", attrs: [] }];
  },
  (o) => {
    o.marks = [{ type: "bold", extra: true }];
  },
  (o) => {
    o.marks = [{ type: "blink" }];
  },
  (o) => void (Array.isArray(o.marks) && (o.marks as Json[]).reverse()),
  (o) => void (Array.isArray(o.marks) && (o.marks as Json[]).push(...(o.marks as Json[]))),
];
const markChanges: Change[] = [
  (o) => {
    o.extra = 1;
  },
  (o) => {
    o.attrs = {};
  },
  (o) => {
    o.attrs = { unknown: 1 };
  },
  (o) => {
    o.type = "italic";
  },
  (o) => {
    o.type = "code";
  },
];

const retype = (name: string): Change => (o) => {
  o.type = name;
};
const addMark = (name: string): Change => (o) => {
  o.marks = [...((o.marks as Json[]) ?? []), { type: name }];
};

const change = fc.oneof(
  fc.tuple(fc.constant("node" as const), fc.oneof(fc.constantFrom(...nodeChanges), fc.constantFrom(...NODE_NAMES).map(retype))),
  fc.tuple(fc.constant("text" as const), fc.oneof(fc.constantFrom(...textChanges), fc.constantFrom(...MARK_NAMES).map(addMark))),
  fc.tuple(fc.constant("mark" as const), fc.constantFrom(...markChanges)),
);

/** The nodes, text nodes and marks of the tree, in document order. */
export function partsOf(doc: Json): Record<"node" | "text" | "mark", Json[]> {
  const parts = { node: [] as Json[], text: [] as Json[], mark: [] as Json[] };
  const stack: Json[] = [doc];
  while (stack.length) {
    const node = stack.pop()!;
    (node.type === "text" ? parts.text : parts.node).push(node);
    for (const m of (node.marks as Json[] | undefined) ?? []) parts.mark.push(m);
    for (const child of [...((node.content as Json[] | undefined) ?? [])].reverse()) stack.push(child);
  }
  return parts;
}

export const brokenDoc = fc.tuple(editorDoc, fc.array(fc.tuple(fc.nat(), change), { minLength: 1, maxLength: 3 })).map(([doc, changes]) => {
  for (const [at, [kind, fn]] of changes) {
    // Each change is made on the tree as the earlier ones left it.
    const parts = partsOf(doc);
    // The document itself retyped to "text" by an earlier change is its only part.
    const targets = parts[kind].length ? parts[kind] : parts.node.length ? parts.node : parts.text;
    fn(targets[at % targets.length]!);
  }
  return doc;
});
