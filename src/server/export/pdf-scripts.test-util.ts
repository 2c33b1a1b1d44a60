// A paragraph in each script a writer may use, for the PDF export's script tests
// (pdf-scripts.int.test.ts) and bench/pdf.ts. Each sentence is ordinary prose in its language,
// with its own punctuation, so that a word or a full stop printed on the wrong side shows.
import type { DocNode } from "../../shared/editor/schema.js";

export const SCRIPT_SAMPLES = {
  latin: "The quick brown fox jumps over the lazy dog, and the well-known café reopens today.",
  chinese: "我们的编辑器支持中文写作。每个段落都可以导出为文件，文字不会丢失。",
  japanese: "こんにちは、世界。日本語の文章を書いて、そのまま印刷できます。",
  korean: "안녕하세요, 세계. 한국어 문장도 그대로 인쇄됩니다.",
  hindi: "नमस्ते दुनिया। यह हिन्दी का एक वाक्य है, और क्षत्रिय शब्द भी ठीक छपता है।",
  thai: "สวัสดีชาวโลก ภาษาไทยพิมพ์ได้ถูกต้อง",
  arabic: "مرحبا بالعالم. هذه جملة عربية مكتوبة من اليمين إلى اليسار.",
  hebrew: "שלום עולם. זה משפט בעברית שנכתב מימין לשמאל.",
  emoji: "Emoji 😀 🎉 ❤️ 👍 🇵🇱 👩‍💻 print too.",
} as const;

export type Script = keyof typeof SCRIPT_SAMPLES;

const paragraph = (text: string): DocNode => ({ type: "paragraph", content: [{ type: "text", text }] });

/** A Latin-only document of about two pages: headings, styled paragraphs, a list and code. */
export function latinDoc(): DocNode {
  const styled = (text: string, marks: string[]): DocNode => ({
    type: "paragraph",
    content: [{ type: "text", text, ...(marks.length ? { marks: marks.map((type) => ({ type })) } : {}) }],
  });
  const prose = Array.from({ length: 6 }, () => SCRIPT_SAMPLES.latin).join(" ");
  return {
    type: "doc",
    content: [
      { type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "A Latin-only report" }] },
      ...[[], ["bold"], ["italic"], ["bold", "italic"], ["code"]].map((marks) => styled(prose, marks)),
      {
        type: "bulletList",
        content: ["First point", "Second point", "Third point"].map((text) => ({ type: "listItem", content: [styled(text, [])] })),
      },
      { type: "codeBlock", content: [{ type: "text", text: "const answer = 42;\nconsole.log(answer);" }] },
      ...Array.from({ length: 8 }, () => styled(prose, [])),
    ],
  };
}

/** One paragraph per script, in the order above. */
export function scriptsDoc(): DocNode {
  return { type: "doc", content: Object.values(SCRIPT_SAMPLES).map(paragraph) };
}
