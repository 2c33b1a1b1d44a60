// The S3 image store against a local S3-compatible server that speaks the real wire format
// (path-style requests signed with AWS Signature V4, S3's XML errors), on its own and as the
// store of a whole app: upload, serve, delete for good.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDocument } from "../documents/documents.test-util.js";
import { createTestApp, createTestUser, request, type TestApp } from "../test/harness.js";
import { pngBytes, uploadOk } from "./images.test-util.js";
import { createS3ImageStore } from "./providers/s3.js";
import { type S3Stub, startS3Stub } from "./s3-stub.test-util.js";

let stub: S3Stub;
beforeAll(async () => {
  stub = await startS3Stub();
});
afterAll(async () => {
  await stub?.close();
});

const settings = () => ({
  endpoint: stub.endpoint,
  bucket: stub.bucket,
  region: "us-east-1",
  accessKeyId: stub.accessKeyId,
  secretAccessKey: stub.secretAccessKey,
  forcePathStyle: true,
  prefix: "images/",
});

describe("S3 image store", () => {
  it("puts, gets and deletes objects under the prefix, path style", async () => {
    const store = createS3ImageStore(settings());
    const bytes = await pngBytes();
    await store.put("abc-1", bytes, "image/png");
    expect(stub.objects.get("images/abc-1")).toEqual({ body: bytes, contentType: "image/png" });
    expect(stub.requests.at(-1)).toEqual({ method: "PUT", path: `/${stub.bucket}/images/abc-1` });
    expect(await store.get("abc-1")).toEqual(bytes);
    await store.delete(["abc-1"]);
    expect(stub.objects.has("images/abc-1")).toBe(false);
    expect(await store.get("abc-1"), "a missing key is null").toBeNull();
    await store.delete(["never-there"]);
  });

  it("a wrong key or bucket is an error, never a silent success", async () => {
    const wrongKey = createS3ImageStore({ ...settings(), secretAccessKey: "not-the-secret" });
    await expect(wrongKey.put("x", Buffer.from("x"), "image/png")).rejects.toThrow(/signature/i);
    const wrongBucket = createS3ImageStore({ ...settings(), bucket: "elsewhere" });
    await expect(wrongBucket.put("x", Buffer.from("x"), "image/png")).rejects.toThrow(/bucket/i);
    expect(stub.objects.has("images/x")).toBe(false);
  });
});

describe("an app storing images in S3", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      S3_ENDPOINT: stub.endpoint,
      S3_BUCKET: stub.bucket,
      S3_ACCESS_KEY_ID: stub.accessKeyId,
      S3_SECRET_ACCESS_KEY: stub.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("uploads to the bucket, serves from it, and deletes from it with the document", async () => {
    expect(t.ctx.imageStore.kind).toBe("s3");
    const owner = await createTestUser(t);
    const docId = (await createDocument(t, owner, { title: "In S3" })).id;
    const before = stub.objects.size;
    const uploaded = await uploadOk(t, owner, docId, await pngBytes(30, 20));
    expect(stub.objects.size).toBe(before + 1);
    const served = await request(t, "GET", uploaded.src, { user: owner });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.length).toBe(uploaded.bytes);

    expect((await request(t, "DELETE", `/api/documents/${docId}`, { user: owner })).statusCode).toBe(204);
    expect((await request(t, "DELETE", `/api/trash/${docId}`, { user: owner })).statusCode).toBe(204);
    expect(stub.objects.size).toBe(before);
  });
});
