import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { CmlError } from './cml-reader.ts';
import { safeRelative } from './catalog-import.ts';

/**
 * Limits against zip bombs: the whole archive unpacked, its number of entries, and how far it may
 * expand once more than `ratioFromBytes` is unpacked (CommerceML XML deflates 5-40 times, pictures
 * barely; zeros about 1000 times). The ratio is checked on the declared sizes before anything is
 * written; yauzl's validateEntrySizes refuses an entry that inflates past its declared size.
 */
export const ZIP_LIMITS = { maxBytes: 4 * 1024 * 1024 * 1024, maxEntries: 200_000, maxRatio: 200, ratioFromBytes: 16 * 1024 * 1024 };
export type ZipLimits = { maxBytes: number; maxEntries: number; maxRatio?: number; ratioFromBytes?: number };

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );

/**
 * Unpacks `zipFile` into `dir` (entries outside it are refused), counting the real bytes written
 * so that a lying header cannot get past the limits. An archive inside the archive is refused (it
 * would be unpacked one level per import). Throws CmlError (bad_zip, zip_too_big, zip_bomb, zip_nested).
 */
export async function unzipInto(zipFile: string, dir: string, label: string, limits: ZipLimits = ZIP_LIMITS): Promise<string[]> {
  const maxRatio = limits.maxRatio ?? ZIP_LIMITS.maxRatio;
  const ratioFromBytes = limits.ratioFromBytes ?? ZIP_LIMITS.ratioFromBytes;
  const tooBig = () =>
    new CmlError({ key: 'zip_too_big', params: { file: label, max: Math.round(limits.maxBytes / 1024 / 1024), entries: limits.maxEntries } });
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(zipFile);
  } catch (err) {
    throw new CmlError({ key: 'bad_zip', params: { file: label, detail: (err as Error).message.slice(0, 200) } });
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw tooBig();
  }
  const written: string[] = [];
  let total = 0;
  let declared = 0;
  let compressed = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (err: unknown) => {
        zip.close();
        reject(err);
      };
      zip.on('error', (err) =>
        fail(err instanceof CmlError ? err : new CmlError({ key: 'bad_zip', params: { file: label, detail: String((err as Error).message).slice(0, 200) } })),
      );
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        void (async () => {
          if (entry.fileName.endsWith('/')) return zip.readEntry();
          const rel = safeRelative(entry.fileName);
          if (!rel) throw new CmlError({ key: 'bad_zip', params: { file: label, detail: `unsafe entry name ${entry.fileName.slice(0, 100)}` } });
          if (total + entry.uncompressedSize > limits.maxBytes) throw tooBig();
          if (/\.zip$/i.test(rel)) throw new CmlError({ key: 'zip_nested', params: { file: label, entry: rel.slice(0, 200) } });
          declared += entry.uncompressedSize;
          compressed += entry.compressedSize;
          if (declared > ratioFromBytes && declared > compressed * maxRatio)
            throw new CmlError({ key: 'zip_bomb', params: { file: label, entry: rel.slice(0, 200), ratio: maxRatio } });
          const target = path.join(dir, rel);
          await fsp.mkdir(path.dirname(target), { recursive: true });
          const stream = await zip.openReadStreamPromise(entry);
          const counter = new Transform({
            transform(chunk: Buffer, _enc, cb) {
              total += chunk.length;
              if (total > limits.maxBytes) cb(tooBig());
              else cb(null, chunk);
            },
          });
          await pipeline(stream, counter, fs.createWriteStream(target));
          written.push(rel);
          zip.readEntry();
        })().catch((err: unknown) =>
          fail(err instanceof CmlError ? err : new CmlError({ key: 'bad_zip', params: { file: label, detail: String((err as Error).message).slice(0, 200) } })),
        );
      });
      zip.readEntry();
    });
  } finally {
    if (zip.isOpen) zip.close();
  }
  return written;
}

/** Unpacks every `*.zip` directly in `dir` and removes it (so it is unpacked once). */
export async function unpackZips(dir: string): Promise<string[]> {
  const names = (await fsp.readdir(dir).catch(() => [] as string[])).filter((n) => /\.zip$/i.test(n)).sort();
  const out: string[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    out.push(...(await unzipInto(file, dir, name)));
    await fsp.rm(file, { force: true });
  }
  return out;
}
