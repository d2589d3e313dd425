import { RECEIPT_MAX_BYTES, RECEIPT_MIME_TYPES } from '@drop/shared';
import type { FinanceMessageKey } from './messages.ts';

const EXTENSIONS: Record<string, (typeof RECEIPT_MIME_TYPES)[number]> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
};

/** The `accept` attribute of the file input. */
export const RECEIPT_ACCEPT = [...RECEIPT_MIME_TYPES, ...Object.keys(EXTENSIONS).map((e) => `.${e}`)].join(',');

/** The receipt's type by its MIME type, or by its extension when the browser gives none (HEIC). */
export function receiptType(file: Pick<File, 'name' | 'type'>): (typeof RECEIPT_MIME_TYPES)[number] | null {
  const mime = file.type.toLowerCase();
  const known = RECEIPT_MIME_TYPES.find((m) => m === mime);
  if (known) return known;
  if (mime) return null;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return (ext && EXTENSIONS[ext]) || null;
}

/** The same checks the API makes (it also checks the content): an image or a PDF, 10 MB at most. */
export function receiptError(file: Pick<File, 'name' | 'type' | 'size'>): FinanceMessageKey | null {
  if (!receiptType(file)) return 'not_a_receipt';
  if (file.size > RECEIPT_MAX_BYTES) return 'file_too_large';
  return null;
}

/** '12.3 KB', '1.4 MB' */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
