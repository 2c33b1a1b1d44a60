// The Prefer request header (RFC 7240): a comma-separated list of preferences, each a
// token with an optional value and parameters. Only `return=minimal` is honoured.
import type { IncomingHttpHeaders } from "node:http";

/** True when the client asked for `return=minimal`; a header may come more than once. */
export function prefersMinimalReturn(headers: IncomingHttpHeaders): boolean {
  const raw = headers.prefer;
  if (raw === undefined) return false;
  const values = Array.isArray(raw) ? raw : [raw];
  return values.some((value) =>
    value.split(",").some((preference) => {
      const [name] = preference.split(";");
      return name!.replace(/\s+/g, "").toLowerCase() === "return=minimal";
    }),
  );
}
