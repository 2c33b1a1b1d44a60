// Writes file.br (brotli, quality 11) and file.gz (gzip, level 9) beside every text file of
// the built client, so the server sends compressed bytes without compressing per request
// (@fastify/static's preCompressed option in src/server/http/spa.ts picks the variant).
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Formats that compress; images and .woff2 are compressed already and are left alone. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|woff|ttf|otf|ico|wasm)$/i;
/** Binary formats: brotli's generic mode. */
const BINARY = /\.(?:woff|ttf|otf|ico|wasm)$/i;
/**
 * Brotli quality for a file: 11 (the smallest) for ordinary assets; for the grammar checker's
 * 16 MB WebAssembly quality 5, which gives 7.5 MB in ~1.2 s of CPU, where 9 gives 7.4 MB in
 * ~5 s and 11 takes minutes.
 */
const quality = (size) => (size > 4 * 1024 * 1024 ? 5 : 11);
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Compresses the eligible files under `dir`; returns how many files got variants. */
export async function precompress(dir) {
  const targets = filesUnder(dir).filter((f) => COMPRESSIBLE.test(f) && fs.statSync(f).size > MIN_BYTES);
  await Promise.all(
    targets.map(async (file) => {
      const data = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: quality(data.length),
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            [zlib.constants.BROTLI_PARAM_MODE]: BINARY.test(file) ? zlib.constants.BROTLI_MODE_GENERIC : zlib.constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip(data, { level: 9 }),
      ]);
      // A variant that saves almost nothing (a .woff is zlib-compressed inside) is not worth
      // a second file: the server then sends the original.
      if (br.length < data.length * 0.95) await fs.promises.writeFile(`${file}.br`, br);
      if (gz.length < data.length * 0.95) await fs.promises.writeFile(`${file}.gz`, gz);
    }),
  );
  return targets.length;
}
