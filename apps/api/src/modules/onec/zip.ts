import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { CmlError } from './cml-reader.ts';
import { safeRelative } from './catalog-import.ts';

/** Limits against zip bombs: the whole archive unpacked, and its number of entries. */
export const ZIP_LIMITS = { maxBytes: 4 * 1024 * 1024 * 1024, maxEntries: 200_000 };

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );

/**
 * Unpacks `zipFile` into `dir` (entries outside it are refused), counting the real bytes written
 * so that a lying header cannot get past the limits. Throws CmlError (bad_zip, zip_too_big).
 */
export async function unzipInto(zipFile: string, dir: string, label: string, limits = ZIP_LIMITS): Promise<string[]> {
  const tooBig = () => new CmlError({ key: 'zip_too_big', params: { file: label, max: Math.round(limits.maxBytes / 1024 / 1024), entries: limits.maxEntries } });
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
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (err: unknown) => {
        zip.close();
        reject(err);
      };
      zip.on('error', (err) => fail(err instanceof CmlError ? err : new CmlError({ key: 'bad_zip', params: { file: label, detail: String((err as Error).message).slice(0, 200) } })));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        void (async () => {
          if (entry.fileName.endsWith('/')) return zip.readEntry();
          const rel = safeRelative(entry.fileName);
          if (!rel) throw new CmlError({ key: 'bad_zip', params: { file: label, detail: `unsafe entry name ${entry.fileName.slice(0, 100)}` } });
          if (total + entry.uncompressedSize > limits.maxBytes) throw tooBig();
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
