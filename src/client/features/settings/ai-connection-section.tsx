// Settings → AI: the user's own model connection (any OpenAI-compatible server). Test & save
// sends the address, model and key to the server, which tries them before storing anything;
// its message is shown under the form when the test fails. The key is never shown again,
// only whether there is one and its last characters.
import { type FormEvent, useState } from "react";
import type { AiConnectionView } from "../../../shared/contracts/ai-connections";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { removeAiConnection, saveAiConnection, useAiConnectionQuery } from "./ai-connection-api";

export const AI_CONNECTION_SECTION_ID = "ai-connection";

function messageOf(err: unknown): string {
  if (err instanceof ApiError && typeof err.body?.message === "string") return err.body.message;
  return "The connection could not be tested. Please try again.";
}

export function AiConnectionSection() {
  const query = useAiConnectionQuery();
  const saved = query.data?.connection ?? null;
  return (
    <section id={AI_CONNECTION_SECTION_ID} aria-labelledby="ai-connection-title" className="grid gap-4">
      <div className="grid gap-1">
        <h3 id="ai-connection-title" className="text-base font-semibold">
          Your own model
        </h3>
        <p className="text-sm text-muted-foreground">
          Connect any OpenAI-compatible server (OpenAI, DeepSeek, Ollama, LM Studio, vLLM, llama.cpp). It then answers all your AI
          requests on any plan, and its use does not count against your plan's monthly AI tokens.
        </p>
      </div>
      {query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load your model connection.{" "}
          <button type="button" onClick={() => query.refetch()} className="font-medium underline underline-offset-4">
            Try again
          </button>
        </p>
      ) : query.data ? (
        // Keyed by the saved state, so the fields start from what is stored after each change.
        <ConnectionForm key={saved?.updatedAt ?? "none"} saved={saved} />
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          Loading...
        </p>
      )}
    </section>
  );
}

function ConnectionForm({ saved }: { saved: AiConnectionView | null }) {
  const [baseUrl, setBaseUrl] = useState(saved?.baseUrl ?? "");
  const [model, setModel] = useState(saved?.model ?? "");
  const [apiKey, setApiKey] = useState("");
  const [busy, setBusy] = useState<"save" | "remove" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy("save");
    setError(null);
    try {
      // An empty key field keeps the stored key (for the same server); the server decides.
      await saveAiConnection({ baseUrl: baseUrl.trim(), model: model.trim(), ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}) });
      toast({ title: "Model connected", description: "Your AI requests now go to your own model." });
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy("remove");
    setError(null);
    try {
      await removeAiConnection();
      toast({ title: "Model removed", description: "Your AI requests go to Draftsmith's AI again." });
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <form onSubmit={save} className="grid gap-4" aria-describedby={error ? "ai-connection-error" : undefined}>
      {saved && (
        <dl className="grid gap-1 rounded-md border p-3 text-sm" aria-label="Saved connection">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">Server</dt>
            <dd className="min-w-0 break-all">{saved.baseUrl}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">Model</dt>
            <dd className="min-w-0 break-all">{saved.model}</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">API key</dt>
            <dd>{saved.hasKey ? (saved.keyHint ? `••••${saved.keyHint}` : "Saved") : "None"}</dd>
          </div>
        </dl>
      )}
      <div className="grid gap-2">
        <Label htmlFor="ai-connection-url">Base URL</Label>
        <Input
          id="ai-connection-url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
          placeholder="https://api.openai.com/v1"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          aria-describedby="ai-connection-url-hint"
        />
        <p id="ai-connection-url-hint" className="text-sm text-muted-foreground">
          Usually ends in /v1, e.g. http://localhost:11434/v1 for Ollama.
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="ai-connection-model">Model</Label>
        <Input
          id="ai-connection-model"
          autoComplete="off"
          spellCheck={false}
          required
          placeholder="gpt-4o-mini"
          value={model}
          onChange={(e) => setModel(e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="ai-connection-key">API key</Label>
        <Input
          id="ai-connection-key"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={saved?.hasKey ? "Leave empty to keep the saved key" : "Optional for local servers"}
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          aria-describedby="ai-connection-key-hint"
        />
        <p id="ai-connection-key-hint" className="text-sm text-muted-foreground">
          Stored encrypted and never shown again.
        </p>
      </div>
      {error && (
        <p id="ai-connection-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {saved && (
          <Button type="button" variant="outline" onClick={remove} disabled={busy !== null}>
            {busy === "remove" ? "Removing..." : "Remove"}
          </Button>
        )}
        <Button type="submit" disabled={busy !== null}>
          {busy === "save" ? "Testing..." : "Test & save"}
        </Button>
      </div>
    </form>
  );
}
