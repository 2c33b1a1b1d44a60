// The grammar checker's own process (started by grammar-checker.ts). harper.js runs
// synchronously in WebAssembly: loading it takes about two seconds of CPU and checking a long
// text can take hundreds of milliseconds, which on the server's thread would stall every other
// request (autosaves included). It is a process rather than a worker thread so that its
// ~0.3 GB comes back whole when it is released: a terminated worker thread left about 150 MB
// in the server's malloc arenas.
// Answers { id, text } with { id, result: lints as plain data } or { id, error }.
// Plain JavaScript so it runs as is from the sources and from the server bundle.
// Loads without awaiting at the top, so the message handler below is in place before the
// first request arrives (a message with no listener yet would be lost).
const ready = Promise.all([import("harper.js"), import("harper.js/binary")]).then(async ([{ LocalLinter }, { binary }]) => {
  const linter = new LocalLinter({ binary });
  await linter.setup();
  return linter;
});

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

process.on("message", async (msg) => {
  try {
    const linter = await ready;
    const lints = await linter.lint(msg.text, { language: "plaintext" });
    process.send({ id: msg.id, result: lints.map(plain) });
  } catch (err) {
    process.send({ id: msg.id, error: { message: String(err?.message ?? err) } });
  }
});

// The server went away (stopped, crashed or released this checker): so does the checker.
process.on("disconnect", () => process.exit(0));
