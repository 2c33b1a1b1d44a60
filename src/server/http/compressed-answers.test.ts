import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { CompressedAnswers, acceptedEncoding } from "./compressed-answers.js";

describe("acceptedEncoding", () => {
  it("picks the highest q of br and gzip, br on a tie, and none when neither is accepted", () => {
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedEncoding("gzip")).toBe("gzip");
    expect(acceptedEncoding("x-gzip")).toBe("gzip");
    expect(acceptedEncoding("br;q=0.4, gzip;q=0.9")).toBe("gzip");
    expect(acceptedEncoding("br;q=0, *")).toBe("gzip");
    expect(acceptedEncoding("*")).toBe("br");
    expect(acceptedEncoding("identity")).toBeNull();
    expect(acceptedEncoding("deflate, zstd")).toBeNull();
    expect(acceptedEncoding("gzip;q=0, br;q=0")).toBeNull();
  });
});

describe("CompressedAnswers", () => {
  const body = (n: number) => JSON.stringify({ text: "word ".repeat(n) });

  it("compresses once per key and encoding, leaves small answers alone, and drops the coldest past its size", () => {
    const answers = new CompressedAnswers(400);
    expect(answers.get("small", "br", "{}")).toBeNull();
    const first = answers.get("a", "br", body(400));
    expect(zlib.brotliDecompressSync(first!).toString()).toBe(body(400));
    expect(answers.get("a", "br", body(400))).toBe(first);
    const gzip = answers.get("a", "gzip", body(400));
    expect(zlib.gunzipSync(gzip!).toString()).toBe(body(400));
    // Fill past 400 bytes with other keys: "a" is the coldest and is made again.
    for (let i = 0; i < 20; i++) answers.get(`k${i}`, "br", body(300 + i));
    expect(answers.get("a", "br", body(400))).not.toBe(first);
  });
});
