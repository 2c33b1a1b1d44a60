// How a document UPDATE crosses processes on the PostgreSQL bus: by reference (id, version,
// writer), because the record can be far larger than a NOTIFY payload. The receiver reads
// the row once; if it has moved past that version, the newer update's own notification
// carries it, so this one is dropped rather than delivered with the wrong writer.
import { eq } from "drizzle-orm";
import { type DocumentRecord, channelDocumentId } from "../../shared/contracts/documents.js";
import type { AppContext } from "../context.js";
import { documents } from "../db/index.js";
import { presentDocument } from "../documents/index.js";
import type { RealtimeEvent } from "./providers/types.js";
import { type BusCodec, inlineCodec } from "./providers/postgres.js";

interface DocumentRef {
  id: string;
  version: number;
  writer: string | null;
}

export function documentCodec(db: AppContext["db"]): BusCodec {
  return {
    encode(event: RealtimeEvent) {
      if (!channelDocumentId(event.channel)) return inlineCodec.encode(event);
      const r = event.record as DocumentRecord;
      return { id: r.id, version: r.version, writer: r.user_id } satisfies DocumentRef;
    },
    async decode(channel, wire) {
      if (!channelDocumentId(channel)) return inlineCodec.decode(channel, wire);
      const ref = wire as DocumentRef;
      // The subscribers were authorized when they joined; this read is by id only on purpose.
      const [row] = await db.select().from(documents).where(eq(documents.id, ref.id));
      if (!row || row.version !== ref.version) return null;
      return { channel, record: { ...presentDocument(row), user_id: ref.writer } };
    },
  };
}
