// The grammar checker's own thread. harper.js runs synchronously in WebAssembly: loading it
// takes about two seconds of CPU and checking a long text can take hundreds of
// milliseconds, which on the server's thread would stall every other request (autosaves
// included). Here it answers { id, text } with { id, result: lints as plain data } (see
// threads/worker-calls.ts).
// Plain JavaScript so it runs as is from the sources and from the server bundle.
import { parentPort } from "node:worker_threads";

const [{ LocalLinter }, { binary }] = await Promise.all([import("harper.js"), import("harper.js/binary")]);
const linter = new LocalLinter({ binary });
const ready = linter.setup();

/** A lint as plain data: its span (UTF-16 indices), message, kind and first suggestion. */
function plain(lint) {
  const span = lint.span();
  const suggestion = lint.suggestions()[0];
  return {
    start: span.start,
    end: span.end,
    message: lint.message(),
    kind: lint.lint_kind(),
    suggestion: suggestion ? { kind: Number(suggestion.kind()), text: suggestion.get_replacement_text() } : null,
  };
}

parentPort.on("message", async (msg) => {
  try {
    await ready;
    if (msg.text === undefined) return parentPort.postMessage({ id: msg.id, result: [] });
    const lints = await linter.lint(msg.text, { language: "plaintext" });
    parentPort.postMessage({ id: msg.id, result: lints.map(plain) });
  } catch (err) {
    parentPort.postMessage({ id: msg.id, error: { message: String(err?.message ?? err) } });
  }
});
