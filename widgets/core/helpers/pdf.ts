/** Fetches a URL as a Blob; replaceable so callers and tests can bring their own transport. */
export type FetchBlob = (url: string) => Promise<Blob>;

const fetchWithKy: FetchBlob = async (url) => {
  // Imported on first use: most pages never download a PDF, so they never load ky.
  const { default: ky } = await import('ky');
  return ky.get(url, { timeout: 30000 }).blob();
};

// Characters Windows, macOS or Linux refuse in a file name, and control characters.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must go.
const UNSAFE_FILE_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/** `name` without the characters a file system would refuse; `document` if nothing is left. */
export function pdfFileName(name: string): string {
  return `${name.replace(UNSAFE_FILE_NAME, '').trim() || 'document'}.pdf`;
}

/** Downloads `url` and saves it in the browser as `${name}.pdf`. */
export async function downloadPdf(url: string, name: string, fetchBlob: FetchBlob = fetchWithKy): Promise<void> {
  // Fetched rather than linked: a plain link would open the PDF in the viewer, and
  // `download` is ignored on cross-origin links, so the file name would be lost.
  const blob = await fetchBlob(url);
  const objectUrl = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = pdfFileName(name);
  try {
    // In the document: some browsers ignore clicks on detached anchors.
    document.body.append(anchor);
    anchor.click();
  } finally {
    anchor.remove();
    // A task later, not in the same one, so the navigation the click started has read the URL.
    await new Promise((resolve) => setTimeout(resolve));
    URL.revokeObjectURL(objectUrl);
  }
}
