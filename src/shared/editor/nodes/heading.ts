// Headings: every level HTML and Word have, 1 to 6. TipTap's heading node, which
// extensions.ts configures with these levels; validation, the importers and the
// exporters read the same list.
export const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;
export type HeadingLevel = (typeof HEADING_LEVELS)[number];

export function isHeadingLevel(value: unknown): value is HeadingLevel {
  return (HEADING_LEVELS as readonly unknown[]).includes(value);
}
