import type { ApiFile } from '../api/client';

// The browser side of a download: machine files fetch the file through src/api, this hands it to the browser.

/** Gives a fetched file to the browser to save under the server's name; nothing happens without a DOM (tests). */
export function deliverFile(file: ApiFile): void {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The click has taken its copy; a later revoke keeps Safari from cancelling the save.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches a file and saves it: one step for a download actor. */
export async function downloadFile(load: () => Promise<ApiFile>): Promise<string> {
  const file = await load();
  deliverFile(file);
  return file.name;
}
