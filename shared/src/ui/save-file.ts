/**
 * Hands a text to the browser as a file download (a statement, the member's data). The link is
 * never in the page: focus stays where the member was.
 */
export function saveFile(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  // The browser has taken the file by the time the click's task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
