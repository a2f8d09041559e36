/** Hands a Blob to the browser as a download with the given name (object URL + a temporary <a download>). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke later: Chromium starts reading the URL asynchronously after the click.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
