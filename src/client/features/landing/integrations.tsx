import { Cloud, GitBranch, MessageSquare, NotebookPen, Palette, Workflow } from "lucide-react";

const INTEGRATIONS = [
  { label: "Cloud storage", Icon: Cloud },
  { label: "Notes", Icon: NotebookPen },
  { label: "Chat", Icon: MessageSquare },
  { label: "Automation", Icon: Workflow },
  { label: "Code hosting", Icon: GitBranch },
  { label: "Design tools", Icon: Palette },
];

/** The display-only row of tools people write alongside. */
export function IntegrationsRow() {
  return (
    <ul aria-label="Works alongside your tools" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
      {INTEGRATIONS.map(({ label, Icon }) => (
        <li key={label} className="flex flex-col items-center gap-2 rounded-lg border bg-card p-4 text-sm text-muted-foreground">
          <Icon aria-hidden="true" className="size-6 text-foreground" />
          {label}
        </li>
      ))}
    </ul>
  );
}
