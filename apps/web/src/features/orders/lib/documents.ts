/** Order documents: images or PDF up to 10 MB (the API checks the content too). */
import { MEDIA_FILE_MAX_BYTES, RECEIPT_MIME_TYPES } from '@drop/shared';

const EXTENSIONS: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
};

/** The `accept` attribute of the file input. */
export const DOCUMENT_ACCEPT = [...RECEIPT_MIME_TYPES, ...Object.keys(EXTENSIONS).map((e) => `.${e}`)].join(',');

export function documentMime(file: Pick<File, 'name' | 'type'>): string | null {
  const mime = file.type.toLowerCase();
  if ((RECEIPT_MIME_TYPES as readonly string[]).includes(mime)) return mime;
  if (mime) return null;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return (ext && EXTENSIONS[ext]) || null;
}

/** 'not_a_document' | 'file_too_large' (shared message keys) or null. */
export function documentError(file: Pick<File, 'name' | 'type' | 'size'>): 'not_a_document' | 'file_too_large' | null {
  if (!documentMime(file)) return 'not_a_document';
  if (file.size > MEDIA_FILE_MAX_BYTES) return 'file_too_large';
  return null;
}

/** '12.3 KB', '1.4 MB' */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Saves a downloaded blob under its name (an object URL clicked through a temporary link). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
