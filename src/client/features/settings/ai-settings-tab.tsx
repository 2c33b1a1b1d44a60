// Settings → AI: the user's own model connection.
import { AiConnectionSection } from "./ai-connection-section";

export function AiSettingsTab() {
  return (
    <div className="grid gap-6">
      <AiConnectionSection />
    </div>
  );
}
