// Settings → AI: the user's own model connection, and ghost-text completion on or off.
import { AiConnectionSection } from "./ai-connection-section";
import { InlineCompletionSetting } from "./inline-completion-setting";

export function AiSettingsTab() {
  return (
    <div className="grid gap-6">
      <AiConnectionSection />
      <InlineCompletionSetting />
    </div>
  );
}
