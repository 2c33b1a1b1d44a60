/** Commands the editor can ask the AI layer to run (toolbar, slash menu, shortcuts). */
export type AiCommand = "complete" | "improve" | "rewrite" | "summarize" | "outline" | "assistant" | "grammar" | "ask";
