/** Hands a file the page holds to the browser's downloads under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is dropped.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
}
