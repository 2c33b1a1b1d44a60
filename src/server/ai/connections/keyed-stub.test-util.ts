// A model server that wants a key: a front for the OpenAI stub (openai-stub.test-util.ts)
// that answers 401 unless the request carries `Authorization: Bearer <key>`, as OpenAI and
// DeepSeek do. Records every Authorization header it saw.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type OpenAiStub, type StubOptions, startOpenAiStub } from "../openai-stub.test-util.js";

export interface KeyedStub {
  /** The base URL to connect to (ends in /v1). */
  url: string;
  stub: OpenAiStub;
  /** The key it accepts; change it to revoke the old one. */
  key: string;
  authorizations: string[];
  close(): Promise<void>;
}

export async function startKeyedStub(key: string, options: StubOptions = {}): Promise<KeyedStub> {
  const stub = await startOpenAiStub(options);
  const target = new URL(stub.url);
  const authorizations: string[] = [];
  const keyed = { key };
  const server = http.createServer((req, res) => {
    authorizations.push(req.headers.authorization ?? "");
    if (req.headers.authorization !== `Bearer ${keyed.key}`) {
      res.writeHead(401, { "content-type": "application/json" });
      // Repeats the key it was given, as some servers do (OpenAI masks most of it).
      const given = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${given}.`, type: "invalid_request_error" } }));
      req.resume();
      return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(keyed, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    stub,
    authorizations,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stub.close();
    },
  });
}
