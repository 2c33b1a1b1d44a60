import { describe, expect, it, vi } from "vitest";
import { type EditorCommandHandlers, editorCommands } from "./use-editor-commands";

const handlers = (over: Partial<EditorCommandHandlers> = {}): EditorCommandHandlers => ({
  editor: null,
  editable: true,
  historyAllowed: true,
  focusMode: false,
  onFind: vi.fn(),
  onHistory: vi.fn(),
  onFocusMode: vi.fn(),
  onSave: vi.fn(),
  onAddLink: vi.fn(),
  onAiCommand: vi.fn(),
  ...over,
});
const labels = (h: EditorCommandHandlers) => editorCommands(h).map((c) => c.label);

describe("the editor's palette commands", () => {
  it("a writer gets find and replace, history, formatting and the AI actions, each running its entry point", () => {
    const h = handlers();
    const commands = editorCommands(h);
    expect(labels(h)).toEqual(expect.arrayContaining(["Find and replace", "Version history", "Bold", "Heading 2", "Improve writing", "Check grammar", "Summarize"]));
    const run = (label: string) => commands.find((c) => c.label === label)!.run();
    run("Find and replace");
    expect(h.onFind).toHaveBeenCalledWith(true);
    run("Find in document");
    expect(h.onFind).toHaveBeenLastCalledWith(false);
    run("Version history");
    expect(h.onHistory).toHaveBeenCalled();
    for (const [label, name] of [["Improve writing", "improve"], ["Check grammar", "grammar"], ["Summarize", "summarize"], ["Continue writing", "complete"]] as const) {
      run(label);
      expect(h.onAiCommand).toHaveBeenLastCalledWith(name);
    }
    run("Focus mode");
    expect(h.onFocusMode).toHaveBeenCalledWith(true);
    expect(new Set(commands.map((c) => `${c.group}/${c.id}`)).size).toBe(commands.length);
  });

  it("a viewer only finds and reads: no replace, history, formatting or AI", () => {
    expect(labels(handlers({ editable: false, historyAllowed: false }))).toEqual(["Find in document", "Focus mode"]);
  });
});
