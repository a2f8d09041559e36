/**
 * Hands a signed download link to the browser: a temporary `<a download>` pointing at it. The browser
 * streams the answer straight to disk under the name its Content-Disposition gives (however large the
 * file, nothing of it passes through the page), and the page stays where it is.
 */
export function startDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
