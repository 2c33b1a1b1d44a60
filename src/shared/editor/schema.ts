// The ProseMirror schema built from the shared extension list (created once, lazily).
import { getSchema } from "@tiptap/core";
import type { Schema } from "@tiptap/pm/model";
import { schemaExtensions } from "./extensions.js";

let cached: Schema | null = null;

export function documentSchema(): Schema {
  cached ??= getSchema(schemaExtensions());
  return cached;
}

export interface DocNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: DocNode[];
}

export const EMPTY_DOC: DocNode = { type: "doc", content: [] };
