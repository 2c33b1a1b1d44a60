// The client's AI buttons answer from the plan table (shared/plans.ts aiAccess), and no
// surface, client or server, keeps its own copy of the rule.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { aiAccess } from "../../../shared/plans";
import { toolHint } from "./access";

describe("the AI buttons read the plan table", () => {
  it("a locked button says the plan it needs before it is pressed; one needing a model says so", () => {
    const locked = toolHint("Improve", aiAccess({ plan: "gratis", model: false }, "improve"));
    expect(locked).toEqual({ locked: true, needsModel: false, ariaLabel: "Improve (needs the Creator plan)", title: "Improve needs the Creator plan. Upgrade to use it." });
    const plug = toolHint("Complete", aiAccess({ plan: "creator", model: false }, "complete"));
    expect(plug).toMatchObject({ locked: false, needsModel: true, ariaLabel: "Complete (needs a language model)" });
    expect(toolHint("Grammar", aiAccess({ plan: "gratis", model: false }, "grammar"))).toMatchObject({ locked: false, needsModel: false, ariaLabel: "Grammar" });
  });

  it("no surface keeps its own copy of the rule (plan names or ids beside AI gating)", () => {
    const files = [
      "src/server/ai/gating.ts",
      "src/server/ai/connections/capabilities.ts",
      "src/client/features/ai/ai-toolbar.tsx",
      "src/client/features/ai/assistant-panel.tsx",
      "src/client/features/ai/rewrite-dialog.tsx",
      "src/client/features/ai/actions.ts",
      "src/client/features/ai/errors.ts",
      "src/client/features/ai/use-ai-plan.ts",
      "src/client/pages/editor-page.tsx",
      "src/client/features/editor/panel-body.tsx",
      "src/client/features/ai/selection-helper.tsx",
    ];
    for (const file of files) {
      // Comments and the Professional writing style (a rewrite, not a plan) aside.
      const code = readFileSync(file, "utf8")
        .replace(/^\s*(\/\/|\*|\/\*).*$/gm, "")
        .replace(/rewrite\("professional"\)/g, "");
      expect(code, file).not.toMatch(/"(creator|professional)"|Creator or Professional|Professional subscription/);
      expect(code, file).toMatch(/shared\/plans/);
    }
  });
});
