/**
 * Offers text the page already holds as a file download (the subscriber and donation CSVs): a Blob behind a temporary
 * object URL and a temporary <a download>. Call it from a click handler.
 */
export function downloadTextFile(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is released a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
