// Word files that lie about their size: a .docx whose word/document.xml is a real deflate
// stream of hundreds of megabytes of zeros while its headers (local and central directory)
// declare a few hundred bytes. The check of the declared sizes lets such a file through;
// what must stop it is the count of the bytes actually inflated. Each is posted to
// POST /api/import and must be refused with a 4xx in well under a second, the process
// growing by less than 50 MB (RSS sampled during the request, and heap + buffers after).
import os from "node:os";
import v8 from "node:v8";
import vm from "node:vm";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";
import { deflatedZeros, docxBytes, documentXml } from "./zip-bytes.test-util.js";

const MB = 1024 * 1024;
const MAX_GROWTH = 50 * MB;

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTestUser(t, { plan: "professional" });
});
afterAll(() => t?.close());

const upload = (name: string, body: Buffer) =>
  request(t, "POST", "/api/import", { user: owner, payload: { files: [{ name, data: body.toString("base64") }] } });

const listIds = async () => ((await request(t, "GET", "/api/documents", { user: owner })).json() as { id: string }[]).map((d) => d.id);

/** Runs `send`, sampling RSS every millisecond: the answer, its time, and the growth at the peak and after. */
async function measured<T>(send: () => Promise<T>) {
  gc();
  const before = process.memoryUsage();
  let peak = before.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 1);
  const started = performance.now();
  const answer = await send();
  const ms = performance.now() - started;
  clearInterval(sampler);
  const after = process.memoryUsage();
  peak = Math.max(peak, after.rss);
  return {
    answer,
    ms,
    rssGrowth: peak - before.rss,
    heapGrowth: after.heapUsed + after.external - (before.heapUsed + before.external),
  };
}

const figure = (label: string, m: { ms: number; rssGrowth: number; heapGrowth: number }) =>
  console.log(
    `${label}: answered in ${Math.round(m.ms)} ms, RSS +${(m.rssGrowth / MB).toFixed(1)} MB at the peak, heap and buffers +${(m.heapGrowth / MB).toFixed(1)} MB (load average ${os.loadavg()[0]!.toFixed(2)})`,
  );

describe("a .docx that lies about its size is refused before it is unpacked", () => {
  it("a real Word document still imports (and loads the Word reader before anything is measured)", async () => {
    const res = await upload("real.docx", docxBytes(documentXml("<w:p><w:r><w:t>Plain words</w:t></w:r></w:p>")));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
  });

  const cases: { label: string; inflates: number; declared: number; part?: string }[] = [
    // The file: 299 KB, word/document.xml inflating to 300 MB, declaring 1,000 bytes.
    { label: "300 MB of zeros declared as 1,000 bytes", inflates: 300 * MB, declared: 1000 },
    // About 1 MB, inflating to 1 GB.
    { label: "1 GB of zeros declared as 1,000 bytes", inflates: 1024 * MB, declared: 1000 },
    // A declared size under every cap (20 MB of XML in a 1 MB file is within 100:1): only the
    // running count stops it.
    { label: "1 GB of zeros declared as 20 MB", inflates: 1024 * MB, declared: 20 * MB },
    // The lie in another part the Word reader reads (its relationships), not the document.
    { label: "300 MB relationships part declared as 200 bytes", inflates: 300 * MB, declared: 200, part: "word/_rels/document.xml.rels" },
  ];

  // The deflate streams take seconds to build on a busy machine: each size once.
  const zeros = new Map<number, Promise<Buffer>>();
  const deflated = (bytes: number) => {
    if (!zeros.has(bytes)) zeros.set(bytes, deflatedZeros(bytes));
    return zeros.get(bytes)!;
  };

  for (const c of cases) {
    it(`${c.label}: 4xx with a reason, under 50 MB of growth, nothing stored (time reported)`, async () => {
      const stream = await deflated(c.inflates);
      const file = c.part
        ? docxBytes(documentXml("<w:p><w:r><w:t>x</w:t></w:r></w:p>"), [{ name: c.part, deflated: stream, declaredSize: c.declared }])
        : docxBytes({ name: "word/document.xml", deflated: stream, declaredSize: c.declared });
      const before = await listIds();
      const m = await measured(() => upload("bomb.docx", file));
      figure(`${c.label} (${Math.round(file.length / 1024)} KB file)`, m);
      const res = m.answer;
      expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(m.rssGrowth).toBeLessThan(MAX_GROWTH);
      expect(m.heapGrowth).toBeLessThan(MAX_GROWTH);
      const body = res.json();
      expect(body.message).toMatch(/bomb\.docx: The Word document/);
      expect(body.results).toEqual([{ status: "refused", name: "bomb.docx", reason: body.message }]);
      expect(await listIds()).toEqual(before);
    });
  }

  it("a gzip-encoded request body is not inflated: 300 MB of gzip behind Content-Encoding is refused as it is", async () => {
    // The import's other compressed input would be the request itself; compressed request
    // bodies are not decompressed by the server (globalDecompression: false).
    const gzipped = zlib.gzipSync(Buffer.alloc(300 * MB, " "), { level: 9 });
    const m = await measured(() =>
      t.app.inject({ method: "POST", url: "/api/import", headers: { ...owner.headers, "content-type": "application/json", "content-encoding": "gzip" }, payload: gzipped }),
    );
    figure(`gzip request body of 300 MB (${Math.round(gzipped.length / 1024)} KB sent)`, m);
    expect(m.answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(m.answer.statusCode).toBeLessThan(500);
    expect(m.rssGrowth).toBeLessThan(MAX_GROWTH);
  });
});
