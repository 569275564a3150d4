import { expect } from 'chai';
import { downloadPdf, pdfFileName } from './pdf';

const pdfBlob = () => new Blob(['%PDF-1.4'], { type: 'application/pdf' });

interface Click {
  download: string;
  href: string;
  connected: boolean;
}

describe('downloadPdf', () => {
  const originalClick = HTMLAnchorElement.prototype.click;
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  let clicks: Click[];
  let created: { blob: Blob; url: string }[];
  let revoked: string[];

  beforeEach(() => {
    clicks = [];
    created = [];
    revoked = [];
    // Records the click instead of starting a real download.
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicks.push({ download: this.download, href: this.href, connected: this.isConnected });
    };
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      const url = originalCreate(blob);
      created.push({ blob: blob as Blob, url });
      return url;
    };
    URL.revokeObjectURL = (url: string) => {
      revoked.push(url);
      originalRevoke(url);
    };
  });
  afterEach(() => {
    HTMLAnchorElement.prototype.click = originalClick;
    URL.createObjectURL = originalCreate;
    URL.revokeObjectURL = originalRevoke;
  });

  it('saves the fetched blob as name.pdf through an object URL, then revokes it', async () => {
    const blob = pdfBlob();
    const fetched: string[] = [];
    await downloadPdf('/files/report?id=7', 'name', async (url) => {
      fetched.push(url);
      return blob;
    });

    expect(fetched).to.deep.equal(['/files/report?id=7']);
    expect(created).to.have.length(1);
    expect(created[0]!.blob).to.equal(blob);
    expect(clicks).to.deep.equal([{ download: 'name.pdf', href: created[0]!.url, connected: true }]);
    expect(revoked).to.deep.equal([created[0]!.url]);
    // Really revoked: the URL no longer resolves.
    let failure: unknown;
    await fetch(created[0]!.url).catch((error: unknown) => {
      failure = error;
    });
    expect(failure).to.be.instanceOf(TypeError);
    expect(document.querySelector('a[download]')).to.equal(null);
  });

  it('keeps the URL alive until after the click', async () => {
    let liveAtClick: boolean | undefined;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      liveAtClick = !revoked.includes(this.href);
    };
    await downloadPdf('/x', 'x', async () => pdfBlob());
    expect(liveAtClick).to.equal(true);
    expect(revoked).to.have.length(1);
  });

  it('strips characters a file name may not hold', async () => {
    await downloadPdf('/x', 'a/b\\c:d*e?f"g<h>i|j\u0000\u0007\u001f\u007fk', async () => pdfBlob());
    expect(clicks[0]!.download).to.equal('abcdefghijk.pdf');
  });

  it('keeps other characters, Chinese included', async () => {
    await downloadPdf('/x', '合同 2024-05 (v2)', async () => pdfBlob());
    expect(clicks[0]!.download).to.equal('合同 2024-05 (v2).pdf');
  });

  it('falls back to document when nothing is left of the name', async () => {
    await downloadPdf('/x', '', async () => pdfBlob());
    await downloadPdf('/x', '///:*?', async () => pdfBlob());
    await downloadPdf('/x', ' \t ', async () => pdfBlob());
    expect(clicks.map((click) => click.download)).to.deep.equal(['document.pdf', 'document.pdf', 'document.pdf']);
  });

  it('rejects with the fetch error and saves nothing', async () => {
    const problem = new Error('offline');
    let failure: unknown;
    await downloadPdf('/x', 'x', () => Promise.reject(problem)).catch((error: unknown) => {
      failure = error;
    });
    expect(failure).to.equal(problem);
    expect(created).to.have.length(0);
    expect(clicks).to.have.length(0);
  });

  it('fetches with ky when no fetcher is given', async () => {
    await downloadPdf(`data:application/pdf;base64,${btoa('%PDF-1.4 ky')}`, 'from ky');
    expect(clicks[0]!.download).to.equal('from ky.pdf');
    expect(await created[0]!.blob.text()).to.equal('%PDF-1.4 ky');
    expect(revoked).to.deep.equal([created[0]!.url]);
  });

  it('rejects on an HTTP error when fetching with ky', async () => {
    let failure: unknown;
    await downloadPdf('/no-such-file.pdf', 'x').catch((error: unknown) => {
      failure = error;
    });
    expect(failure).to.be.instanceOf(Error);
    expect((failure as Error).name).to.equal('HTTPError');
    expect(clicks).to.have.length(0);
  });
});

describe('pdfFileName', () => {
  it('appends .pdf to a clean name', () => {
    expect(pdfFileName('季度报告')).to.equal('季度报告.pdf');
  });
});
