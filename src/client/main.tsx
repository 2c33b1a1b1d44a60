import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { beginEditorOpen } from "./lib/collab/early-open";
import { initTheme } from "./lib/theme";
import "./styles.css";

// An editor URL starts reading its document and its live session now, while the editor
// route's files arrive and run (lib/collab/early-open.ts).
beginEditorOpen();

// The inline script in index.html already set the class; this attaches the OS listener.
initTheme();

const root = document.getElementById("root");
if (!root) throw new Error("#root element missing from index.html");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
