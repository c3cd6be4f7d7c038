/**
 * Saves `content` as a file named `fileName` through a Blob URL and an <a download> (the browser's
 * download, no server round trip). The URL is released once the click was handled.
 */
export function downloadFile(content: BlobPart, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
