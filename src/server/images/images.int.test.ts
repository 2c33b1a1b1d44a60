// Images in documents through the API: who may upload and who may see them (owner,
// members, share-link visitors, strangers, the trash), what is accepted (sniffed from the
// bytes; SVG and pixel bombs refused; EXIF and GPS stripped), the plan's storage quota, and
// deletion of the bytes with the last document that references them.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { ImageUsage } from "../../shared/contracts/images.js";
import { PLANS } from "../../shared/plans.js";
import { imageBlobs, images } from "../db/index.js";
import { createDocument, paragraphDoc, withAppAndOwner } from "../documents/documents.test-util.js";
import { inviteAndAccept } from "../members/members.test-util.js";
import { createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";
import { jpegWithGps, pixelBomb, pngBytes, svgBytes, upload, uploadOk } from "./images.test-util.js";

let t: TestApp;
let owner: TestUser;
// Professional: inviting members needs it.
withAppAndOwner({ owner: { plan: "professional" } }, (s) => {
  t = s.t;
  owner = s.owner;
});

const get = (url: string, user: Pick<TestUser, "headers"> | null, headers: Record<string, string> = {}) => request(t, "GET", url, { user, headers });

async function share(documentId: string, settings: { password?: string | null; allowEditing?: boolean } = {}) {
  const res = await request(t, "PUT", `/api/documents/${documentId}/share`, {
    user: owner,
    payload: { isPublic: true, allowEditing: settings.allowEditing ?? false, expiresAt: null, password: settings.password ?? null },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("who may see an image", () => {
  let docId: string;
  let src: string;
  let imageId: string;
  let viewer: TestUser;
  let stranger: TestUser;
  let png: Buffer;

  beforeAll(async () => {
    docId = (await createDocument(t, owner, { title: "With a picture", content: paragraphDoc("text") })).id;
    viewer = await createTestUser(t);
    stranger = await createTestUser(t);
    await inviteAndAccept(t, owner, docId, viewer, "viewer");
    png = await pngBytes(20, 10);
    const uploaded = await uploadOk(t, owner, docId, png);
    src = uploaded.src;
    imageId = uploaded.id;
    expect(uploaded).toMatchObject({ width: 20, height: 10, contentType: "image/png" });
    expect(src).toBe(`/api/images/${imageId}`);
  });

  it("the owner and a member get the picture with long, private caching; a stranger and nobody get 404/401", async () => {
    for (const who of [owner, viewer]) {
      const res = await get(src, who);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
      expect(res.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 20, 10]);
    }
    expect((await get(src, stranger)).statusCode).toBe(404);
    expect((await get(src, null)).statusCode).toBe(401);
    expect((await get("/api/images/00000000-0000-4000-8000-000000000000", owner)).statusCode).toBe(404);
    expect((await get("/api/images/not-an-id", owner)).statusCode).toBe(404);
  });

  it("only the document's writers may upload: a viewer member and a stranger get 404, nobody 401", async () => {
    expect((await upload(t, viewer, docId, png)).statusCode).toBe(404);
    expect((await upload(t, stranger, docId, png)).statusCode).toBe(404);
    expect((await upload(t, null, docId, png)).statusCode).toBe(401);
  });

  it("a share-link visitor sees the link's images, only through that link, and needs the password's token", async () => {
    const visitorUrl = `/api/shared/${docId}/images/${imageId}`;
    expect((await get(visitorUrl, null)).statusCode, "not shared yet").toBe(404);
    await share(docId);
    const seen = await get(visitorUrl, null);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers["content-type"]).toBe("image/png");
    // Another document's link does not open this image.
    const other = (await createDocument(t, owner, { title: "Other" })).id;
    await share(other);
    expect((await get(`/api/shared/${other}/images/${imageId}`, null)).statusCode).toBe(404);
    // A password: no token, no picture; the unlock's token opens it.
    await share(docId, { password: "hunter22" });
    expect((await get(visitorUrl, null)).statusCode).toBe(401);
    const unlocked = await request(t, "POST", `/api/shared/${docId}/unlock`, { payload: { password: "hunter22" } });
    const { token } = unlocked.json() as { token: string };
    expect((await get(visitorUrl, null, { "x-share-token": token })).statusCode).toBe(200);
    await share(docId);
  });

  it("the trash pauses everyone (owner, member, visitor); a restore brings them back", async () => {
    const visitorUrl = `/api/shared/${docId}/images/${imageId}`;
    expect((await request(t, "DELETE", `/api/documents/${docId}`, { user: owner })).statusCode).toBe(204);
    expect((await get(src, owner)).statusCode).toBe(404);
    expect((await get(src, viewer)).statusCode).toBe(404);
    expect((await get(visitorUrl, null)).statusCode).toBe(404);
    expect((await upload(t, owner, docId, png)).statusCode).toBe(404);
    expect((await request(t, "POST", `/api/trash/${docId}/restore`, { user: owner })).statusCode).toBe(200);
    expect((await get(src, owner)).statusCode).toBe(200);
    expect((await get(src, viewer)).statusCode).toBe(200);
    expect((await get(visitorUrl, null)).statusCode).toBe(200);
  });

  it("an editor member may upload; the image counts against the owner's plan", async () => {
    const editor = await createTestUser(t);
    await inviteAndAccept(t, owner, docId, editor, "editor");
    const uploaded = await uploadOk(t, editor, docId);
    const [row] = await t.ctx.db.select({ ownerId: images.ownerId }).from(images).where(eq(images.id, uploaded.id));
    expect(row?.ownerId).toBe(owner.id);
    expect((await get(uploaded.src, viewer)).statusCode).toBe(200);
  });

  it("a visitor of a link that allows editing may upload; one of a read-only link may not", async () => {
    await share(docId, { allowEditing: false });
    const readOnly = await t.app.inject({ method: "POST", url: `/api/shared/${docId}/images`, headers: { "content-type": "image/png" }, payload: png });
    expect(readOnly.statusCode).toBe(403);
    await share(docId, { allowEditing: true });
    const res = await t.app.inject({ method: "POST", url: `/api/shared/${docId}/images`, headers: { "content-type": "image/png" }, payload: png });
    expect(res.statusCode, res.body).toBe(201);
    expect((await get(`/api/shared/${docId}/images/${res.json().id}`, null)).statusCode).toBe(200);
  });
});

describe("what an upload may be", () => {
  let docId: string;
  beforeAll(async () => {
    docId = (await createDocument(t, owner, { title: "Uploads" })).id;
  });

  it("the bytes decide the type: a PNG sent as SVG is stored and served as PNG", async () => {
    const res = await upload(t, owner, docId, await pngBytes(), "image/svg+xml");
    expect(res.statusCode, res.body).toBe(201);
    const served = await get(res.json().src, owner);
    expect(served.headers["content-type"]).toBe("image/png");
  });

  it("an SVG is refused with 415 and says why, whatever type it claims", async () => {
    for (const type of ["image/svg+xml", "image/png", "application/octet-stream"]) {
      const res = await upload(t, owner, docId, svgBytes(), type);
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toMatch(/SVG/);
    }
  });

  it("text, an empty body and a damaged image are refused with a 4xx, never stored", async () => {
    const before = (await t.ctx.db.select().from(images)).length;
    expect((await upload(t, owner, docId, Buffer.from("just some text, not a picture"), "image/png")).statusCode).toBe(415);
    expect((await upload(t, owner, docId, Buffer.alloc(0), "image/png")).statusCode).toBe(400);
    const damaged = Buffer.from(await pngBytes(40, 40));
    damaged.fill(7, 40);
    expect((await upload(t, owner, docId, damaged, "image/png")).statusCode).toBe(415);
    const json = await request(t, "POST", `/api/documents/${docId}/images`, { user: owner, payload: { data: "x" } });
    expect(json.statusCode).toBe(415);
    expect((await t.ctx.db.select().from(images)).length).toBe(before);
  });

  it("a file over 10 MB is refused with 413", async () => {
    const res = await upload(t, owner, docId, Buffer.alloc(10 * 1024 * 1024 + 1, 1), "image/png");
    expect(res.statusCode).toBe(413);
  });

  it("a decompression bomb (a small file of 2.5 gigapixels) is refused by its pixel count", async () => {
    const bomb = await pixelBomb();
    expect(bomb.length).toBeLessThan(1000);
    const res = await upload(t, owner, docId, bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/50000 × 50000 pixels/);
  });

  it("EXIF and GPS are stripped from a photo, and its orientation is applied", async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif?.toString("latin1")).toContain("TestCam");
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString("latin1")).toMatch(/N\0[\s\S]*E\0/);
    const res = await upload(t, owner, docId, original, "image/jpeg");
    expect(res.statusCode, res.body).toBe(201);
    // Turned upright: 16 × 8 rotated a quarter turn.
    expect(res.json()).toMatchObject({ width: 8, height: 16, contentType: "image/jpeg" });
    const served = await get(res.json().src, owner);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    const after = await sharp(served.rawPayload).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(served.rawPayload.toString("latin1")).not.toMatch(/TestCam|GPS/);
  });
});

describe("the plan's image storage", () => {
  it("usage is shown, and an upload past the quota is a 413 that names the plan; nothing is stored", async () => {
    const user = await createTestUser(t);
    const docId = (await createDocument(t, user, { title: "Quota" })).id;
    const first = await uploadOk(t, user, docId);
    const usage = (await get("/api/images/usage", user)).json() as ImageUsage;
    expect(usage).toEqual({ usedBytes: first.bytes, limitBytes: PLANS.gratis.imageStorageBytes, images: 1, planName: "Gratis" });
    // Fill the rest of the quota with one pretend image row (no bytes needed to count).
    await t.ctx.db.insert(images).values({
      ownerId: user.id,
      contentType: "image/png",
      byteSize: PLANS.gratis.imageStorageBytes - first.bytes - 10,
      width: 1,
      height: 1,
      storageKey: `filler-${user.id}`,
    });
    const blobsBefore = (await t.ctx.db.select({ k: imageBlobs.storageKey }).from(imageBlobs)).length;
    const res = await upload(t, user, docId, await pngBytes());
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: "quota_exceeded", feature: "image_storage" });
    expect(res.json().message).toMatch(/Gratis plan holds 100\.0 MB/);
    expect((await t.ctx.db.select({ k: imageBlobs.storageKey }).from(imageBlobs)).length).toBe(blobsBefore);
    expect((await get("/api/images/usage", null)).statusCode).toBe(401);
  });
});

describe("deleting for good", () => {
  it("deletes an image's bytes with its last document, and keeps them while one remains", async () => {
    const docId = (await createDocument(t, owner, { title: "Doomed" })).id;
    const uploaded = await uploadOk(t, owner, docId);
    const [row] = await t.ctx.db.select().from(images).where(eq(images.id, uploaded.id));
    const blobOf = async () => (await t.ctx.db.select().from(imageBlobs).where(eq(imageBlobs.storageKey, row!.storageKey))).length;
    expect(await blobOf()).toBe(1);

    expect((await request(t, "DELETE", `/api/documents/${docId}`, { user: owner })).statusCode).toBe(204);
    expect(await blobOf(), "the trash keeps it").toBe(1);
    expect((await request(t, "DELETE", `/api/trash/${docId}`, { user: owner })).statusCode).toBe(204);
    expect(await blobOf()).toBe(0);
    expect(await t.ctx.db.select().from(images).where(eq(images.id, uploaded.id))).toEqual([]);
    expect((await get(uploaded.src, owner)).statusCode).toBe(404);
  });

  it("the trash upkeep deletes the images of documents past their 30 days", async () => {
    const { runUpkeep } = await import("../upkeep.js");
    const docId = (await createDocument(t, owner, { title: "Expiring" })).id;
    const uploaded = await uploadOk(t, owner, docId);
    expect((await request(t, "DELETE", `/api/documents/${docId}`, { user: owner })).statusCode).toBe(204);
    t.clock.advance(31 * 86_400_000);
    const done = await runUpkeep(t.ctx);
    expect(done.images).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.db.select().from(images).where(eq(images.id, uploaded.id))).toEqual([]);
  });
});
