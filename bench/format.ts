/** Number formats of the table: KB are 1024 bytes, as in the build's size report. */

export const bytes = (n: number) => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(2)} KB`);

export const ms = (n: number) => (Number.isNaN(n) ? 'n/a' : n < 10 ? `${n.toFixed(2)} ms` : `${n.toFixed(1)} ms`);

export const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`;

export const perSecond = (n: number) => `${Math.round(n).toLocaleString('en-US')}/s`;

export const percent = (ratio: number) => `${Math.round(ratio * 100)} %`;

export const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** autocannon's latencies are whole milliseconds: 0 means under one. */
export const wholeMs = (n: number) => (n < 1 ? '<1 ms' : `${Math.round(n)} ms`);
