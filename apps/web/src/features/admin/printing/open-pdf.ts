/**
 * Opening a PDF the API makes (printing, issue 28) in a new tab. The request needs the bearer token,
 * so a plain link cannot fetch it: the file is read with requestBlob and shown from an object URL.
 *
 * Browsers block `window.open` unless it runs in the click's own task, and the file arrives only
 * after an await. So the tab is opened first, synchronously (pdfWindow() in the click handler, before
 * any await), says "loading", and gets the file when it comes. If the popup was blocked anyway,
 * `opened` is false and the caller offers the object URL as a link ("Відкрити PDF").
 *
 *   onClick={() => { const tab = pdfWindow(); void tab.load(url).then(...) }}
 *   // or simply: onClick={() => void openPdf(url)} (openPdf calls pdfWindow() before its first await)
 */
import { requestBlob } from '../../../lib/api-client.ts';

/** An object URL lives this long (the fallback link keeps working meanwhile), then it is revoked. */
export const PDF_URL_TTL_MS = 10 * 60_000;

export interface PdfOpened {
  /** The PDF is shown in the new tab; false: the popup was blocked or closed, offer `url` as a link. */
  opened: boolean;
  /** The object URL of the file (valid for PDF_URL_TTL_MS). */
  url: string;
  /** The file name for a download link. */
  name: string;
  /** The file's size in bytes. */
  size: number;
}

export interface PdfWindow {
  /** Reads the file (bearer token) and shows it in the tab opened beforehand (or reports it could not). */
  load(url: string, name?: string): Promise<PdfOpened>;
  /** Closes the waiting tab (the action failed or there was nothing to print). */
  close(): void;
}

function loadingPage(win: Window, text: string) {
  try {
    win.document.title = text;
    win.document.body.style.font = '16px system-ui, sans-serif';
    win.document.body.style.padding = '24px';
    win.document.body.textContent = text;
  } catch {
    // another origin's document or a closed tab: nothing to write
  }
}

/**
 * Opens an empty tab now (call it synchronously in the click handler) that shows the PDF once
 * `load` has it. `loadingText` is shown meanwhile.
 */
export function pdfWindow(loadingText = '…'): PdfWindow {
  let win: Window | null = null;
  try {
    win = window.open('', '_blank');
  } catch {
    win = null;
  }
  if (win) {
    // The new tab must not drive this one.
    try {
      win.opener = null;
    } catch {
      // ignore
    }
    loadingPage(win, loadingText);
  }
  return {
    async load(url: string, name = 'document.pdf') {
      let blob: Blob;
      try {
        blob = await requestBlob(url);
      } catch (e) {
        win?.close();
        throw e;
      }
      const pdf = blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
      const objectUrl = URL.createObjectURL(pdf);
      setTimeout(() => URL.revokeObjectURL(objectUrl), PDF_URL_TTL_MS);
      let opened = false;
      if (win && !win.closed) {
        try {
          win.location.href = objectUrl;
          opened = true;
        } catch {
          opened = false;
        }
      }
      return { opened, url: objectUrl, name, size: pdf.size };
    },
    close() {
      if (win && !win.closed) win.close();
    },
  };
}

/** Opens the PDF at `url` (an API address) in a new tab; call it in the click handler, before any await. */
export function openPdf(url: string, name?: string, loadingText?: string): Promise<PdfOpened> {
  return pdfWindow(loadingText).load(url, name);
}

/** A file name for a print: `<kind>-<number or count>.pdf`. */
export const pdfName = (kind: string, what: string | number) => `${kind}-${what}.pdf`.replace(/[^\w.-]+/g, '_');
