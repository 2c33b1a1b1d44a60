import { isApiError } from "../../lib/api";

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
}

export const formatPrice = (dollars: number) => `$${dollars.toFixed(2)}`;

/** The server's message from an ApiError body, else `fallback`. */
export function serverMessage(err: unknown, fallback: string): string {
  if (isApiError(err) && typeof err.body?.message === "string" && err.body.message) return err.body.message;
  return fallback;
}
