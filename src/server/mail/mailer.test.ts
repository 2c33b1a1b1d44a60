// The SMTP adapter against a real SMTP conversation: a small mail sink on a local port
// that speaks the protocol's required commands and keeps what it was sent.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import type { Db } from "../db/providers/index.js";
import { createMailer } from "./providers/index.js";

interface Received {
  from: string;
  to: string[];
  data: string;
}

function startSink(): Promise<{ port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = net.createServer((socket) => {
    let buffered = "";
    let current: Received = { from: "", to: [], data: "" };
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 sink.test ESMTP");
    socket.on("data", (chunk) => {
      buffered += chunk.toString("utf8");
      while (true) {
        if (inData) {
          const end = buffered.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffered.slice(0, end);
          buffered = buffered.slice(end + 5);
          received.push(current);
          current = { from: "", to: [], data: "" };
          inData = false;
          reply("250 2.0.0 queued");
          continue;
        }
        const eol = buffered.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffered.slice(0, eol);
        buffered = buffered.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 sink.test");
        else if (verb === "MAIL") {
          current.from = line;
          reply("250 2.1.0 ok");
        } else if (verb === "RCPT") {
          current.to.push(line);
          reply("250 2.1.5 ok");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 end with <CRLF>.<CRLF>");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("250 ok");
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ port, received, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

describe("SMTP mailer", () => {
  let sink: Awaited<ReturnType<typeof startSink>>;
  beforeAll(async () => {
    sink = await startSink();
  });
  afterAll(async () => sink?.close());

  it("delivers a message over SMTP to the configured server", async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      JWT_SECRET: "x".repeat(48),
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_FROM: "Draftsmith <no-reply@draftsmith.test>",
    });
    // The SMTP adapter never touches the database.
    const mailer = createMailer(config, {} as Db);
    expect(mailer.kind).toBe("smtp");
    await mailer.send({
      to: "writer@example.com",
      subject: "Confirm your email",
      text: "Open the link to confirm.",
      html: "<p>Open the link to confirm.</p>",
      links: [],
    });
    await mailer.send({ to: "second@example.com", subject: "Second", text: "Again.", html: "<p>Again.</p>", links: [] });

    expect(sink.received).toHaveLength(2);
    const [first, second] = sink.received;
    expect(first!.from).toContain("no-reply@draftsmith.test");
    expect(first!.to.join()).toContain("writer@example.com");
    expect(first!.data).toContain("Subject: Confirm your email");
    expect(first!.data).toContain("Open the link to confirm.");
    expect(second!.to.join()).toContain("second@example.com");
  });
});

describe("SMTP mailer headers", () => {
  it("sends a message's extra headers (List-Unsubscribe, List-Unsubscribe-Post)", async () => {
    const sink = await startSink();
    try {
      const config = loadConfig({ NODE_ENV: "test", JWT_SECRET: "x".repeat(48), SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
      const mailer = createMailer(config, {} as Db);
      const url = "https://draftsmith.test/api/notifications/unsubscribe/abc";
      await mailer.send({
        to: "writer@example.com",
        subject: "Mentioned",
        text: "You were mentioned.",
        html: "<p>You were mentioned.</p>",
        links: [],
        headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      });
      // Long header lines are folded on the wire (RFC 5322): unfold before reading.
      const data = sink.received[0]!.data.replace(/\r\n([ \t])/g, "$1");
      expect(data).toContain(`List-Unsubscribe: <${url}>`);
      expect(data).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    } finally {
      await sink.close();
    }
  });
});
