// Names of the AI commands the editor asks for (slash menu, selection toolbar, left panel,
// shortcuts, command palette). The page passes them to the AI feature, whose AiCommand type includes these.
export type EditorAiCommand = "complete" | "improve" | "grammar" | "rewrite" | "summarize" | "assistant" | "ask";
