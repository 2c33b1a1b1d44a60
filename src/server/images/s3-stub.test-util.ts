// A small S3-compatible server for tests: path-style PUT, GET and DELETE of objects, with
// S3's XML errors (NoSuchKey, NoSuchBucket, InvalidAccessKeyId) and a check that every
// request is signed with AWS Signature Version 4 by the expected key (the signature itself
// is recomputed and compared). It keeps objects in memory; `objects` lets a test look.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface S3Stub {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  requests: { method: string; path: string }[];
  close(): Promise<void>;
}

const hmac = (key: crypto.BinaryLike | crypto.KeyObject, data: string) => crypto.createHmac("sha256", key).update(data).digest();
const sha256 = (data: crypto.BinaryLike) => crypto.createHash("sha256").update(data).digest("hex");

function xmlError(res: http.ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message><RequestId>stub</RequestId></Error>`);
}

/** Recomputes the SigV4 signature of a request (header-signed, as the SDK sends them). */
function signatureMatches(req: http.IncomingMessage, body: Buffer, secret: string): { ok: boolean; accessKeyId?: string } {
  const auth = req.headers.authorization ?? "";
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return { ok: false };
  const [, accessKeyId, date, region, signedHeaders, signature] = m as unknown as string[];
  const url = new URL(req.url ?? "/", "http://stub");
  const canonicalQuery = [...url.searchParams.entries()]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const headerNames = signedHeaders!.split(";");
  const canonicalHeaders = headerNames.map((h) => `${h}:${String(req.headers[h] ?? "").trim().replace(/\s+/g, " ")}\n`).join("");
  const payloadHash = String(req.headers["x-amz-content-sha256"] ?? sha256(body));
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) return { ok: false, accessKeyId };
  const canonicalRequest = [req.method, url.pathname, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join("\n");
  const amzDate = String(req.headers["x-amz-date"]);
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), "s3"), "aws4_request");
  return { ok: hmac(key, toSign).toString("hex") === signature, accessKeyId };
}

export async function startS3Stub(opts: { bucket?: string; accessKeyId?: string; secretAccessKey?: string } = {}): Promise<S3Stub> {
  const bucket = opts.bucket ?? "draftsmith-images";
  const accessKeyId = opts.accessKeyId ?? "AKIASTUBSTUBSTUB";
  const secretAccessKey = opts.secretAccessKey ?? "stub-secret-key-0123456789";
  const objects: S3Stub["objects"] = new Map();
  const requests: S3Stub["requests"] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? "/", "http://stub");
      requests.push({ method: req.method ?? "", path: url.pathname });
      const signed = signatureMatches(req, body, secretAccessKey);
      if (signed.accessKeyId !== undefined && signed.accessKeyId !== accessKeyId) {
        return xmlError(res, 403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
      }
      if (!signed.ok) return xmlError(res, 403, "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided.");
      // Path style: /bucket/key...
      const [, first, ...rest] = url.pathname.split("/");
      if (first !== bucket) return xmlError(res, 404, "NoSuchBucket", "The specified bucket does not exist");
      const key = decodeURIComponent(rest.join("/"));
      if (!key) return xmlError(res, 400, "InvalidRequest", "A key is needed");
      switch (req.method) {
        case "PUT": {
          const contentType = req.headers["content-type"];
          objects.set(key, { body, contentType });
          res.writeHead(200, { etag: `"${crypto.createHash("md5").update(body).digest("hex")}"` });
          return res.end();
        }
        case "GET": {
          const found = objects.get(key);
          if (!found) return xmlError(res, 404, "NoSuchKey", "The specified key does not exist.");
          res.writeHead(200, { "content-type": found.contentType ?? "binary/octet-stream", "content-length": String(found.body.length) });
          return res.end(found.body);
        }
        case "DELETE":
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        default:
          return xmlError(res, 405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
