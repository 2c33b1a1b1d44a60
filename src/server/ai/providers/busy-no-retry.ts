// The SDK retries a 429 after waiting for its Retry-After (up to a minute), holding the
// writer's request open all that time. A busy provider is passed on to the writer instead
// (503 ai_busy with the same Retry-After), so a 429 is marked "do not retry"; the SDK honours
// x-should-retry. Everything else passes through untouched.
export function fetchNotRetryingBusy(base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    if (res.status !== 429) return res;
    const headers = new Headers(res.headers);
    headers.set("x-should-retry", "false");
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  };
}
