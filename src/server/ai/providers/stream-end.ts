// The SDK ends a chat-completions stream quietly whether or not the server sent the closing
// `data: [DONE]` (node_modules/openai/core/streaming.js), so a connection dropped mid-answer
// looks like a short answer. This fetch wrapper passes every byte through unchanged and
// remembers, per response, whether `[DONE]` came: openai.ts reads it with sawDone().
const DONE = "data: [DONE]";
const seen = new WeakMap<Response, { done: boolean }>();

export function sawDone(response: Response): boolean {
  return seen.get(response)?.done ?? false;
}

export function fetchWatchingStreamEnd(base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    if (!res.body || !res.headers.get("content-type")?.includes("text/event-stream")) return res;
    const state = { done: false };
    const decoder = new TextDecoder();
    let tail = "";
    const watched = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          if (!state.done) {
            // Keep a few characters of the previous chunk: the marker may arrive split.
            const text = tail + decoder.decode(chunk, { stream: true });
            if (text.includes(DONE)) state.done = true;
            tail = text.slice(-DONE.length);
          }
          controller.enqueue(chunk);
        },
      }),
    );
    const wrapped = new Response(watched, { status: res.status, statusText: res.statusText, headers: res.headers });
    seen.set(wrapped, state);
    return wrapped;
  };
}
