// Before mammoth unpacks a .docx, its zip directory is read (yauzl reads only the central
// directory here, nothing is inflated) and a file that would unpack to too much is refused.
import yauzl from "yauzl";

export const DOCX_MAX_UNCOMPRESSED = 50 * 1024 * 1024;
export const DOCX_MAX_RATIO = 100;
const MAX_ENTRIES = 5000;

/** null when the archive may be unpacked, else why not. */
export function zipProblem(buffer: Buffer): Promise<string | null> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return resolve("The file is not a readable Word document (its zip archive is damaged)");
      let total = 0;
      let entries = 0;
      zip.on("entry", (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        entries++;
        if (entries > MAX_ENTRIES) return resolve("The Word document holds too many parts");
        if (total > DOCX_MAX_UNCOMPRESSED) return resolve(`The Word document would unpack to more than ${DOCX_MAX_UNCOMPRESSED / 1024 / 1024} MB`);
        zip.readEntry();
      });
      zip.on("end", () => {
        // Small files compress little in absolute terms; the ratio matters only past 1 MB unpacked.
        if (total > 1024 * 1024 && total / buffer.length > DOCX_MAX_RATIO) resolve(`The Word document unpacks to more than ${DOCX_MAX_RATIO} times its size`);
        else resolve(null);
      });
      zip.on("error", () => resolve("The file is not a readable Word document (its zip archive is damaged)"));
      zip.readEntry();
    });
  });
}
