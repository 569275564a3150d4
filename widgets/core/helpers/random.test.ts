import { expect } from 'chai';
import { BRAND_PREFIX, brandId, RANDOM_ALPHABET, randomString } from '../../../contract/random-ids';

/** Makes `crypto.getRandomValues` hand out `bytes` in order, over and over, until restored. */
function fakeRandomBytes(bytes: number[]): () => void {
  let next = 0;
  crypto.getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
    const view = array as unknown as Uint8Array;
    for (let i = 0; i < view.length; i++) view[i] = bytes[next++ % bytes.length]!;
    return array;
  };
  return () => Reflect.deleteProperty(crypto, 'getRandomValues');
}

describe('randomString', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  it('is 32 characters by default, or as long as asked', () => {
    expect(randomString()).to.have.length(32);
    expect(randomString(1)).to.have.length(1);
    expect(randomString(500)).to.have.length(500);
    expect(randomString(0)).to.equal('');
  });

  it('uses only the 55 unambiguous characters, never a look-alike', () => {
    expect(RANDOM_ALPHABET).to.have.length(55);
    expect(new Set(RANDOM_ALPHABET).size).to.equal(55);
    const sample = randomString(20_000);
    expect(sample).to.match(/^[A-Za-z2-9]+$/);
    expect(sample).not.to.match(/[0Oo1lIi]/);
    // So many draws reach every character: none of the alphabet is dead.
    expect(new Set(sample).size).to.equal(55);
  });

  it('differs from call to call', () => {
    const samples = new Set(Array.from({ length: 200 }, () => randomString(12)));
    expect(samples.size).to.equal(200);
  });

  it('draws bytes again rather than folding them with a modulo', () => {
    // 220 and up are rejected (220 = 4 * 55); 219 is the last accepted byte.
    restore = fakeRandomBytes([255, 220, 0, 230, 54, 219, 55]);
    expect(randomString(4)).to.equal(`${RANDOM_ALPHABET[0]}${RANDOM_ALPHABET[54]}${RANDOM_ALPHABET[54]}A`);
  });

  it('gives every character the same chance', () => {
    const draws = 110_000;
    const counts = new Map<string, number>();
    for (const char of randomString(draws)) counts.set(char, (counts.get(char) ?? 0) + 1);
    const expected = draws / 55; // 2000, standard deviation about 44
    for (const char of RANDOM_ALPHABET) expect(counts.get(char), char).to.be.within(expected * 0.8, expected * 1.2);

    // A plain `byte % 55` would favour the first 36 characters by about 25%.
    const mean = (chars: string) => [...chars].reduce((sum, char) => sum + counts.get(char)!, 0) / chars.length;
    const ratio = mean(RANDOM_ALPHABET.slice(0, 36)) / mean(RANDOM_ALPHABET.slice(36));
    expect(ratio).to.be.within(0.95, 1.05);
  });
});

describe('brandId', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  it('is ZZY and 16 lowercase hex digits by default', () => {
    expect(BRAND_PREFIX).to.equal('ZZY');
    for (let i = 0; i < 100; i++) expect(brandId()).to.match(/^ZZY[0-9a-f]{16}$/);
  });

  it('takes another prefix and length', () => {
    expect(brandId('DOC-', 4)).to.match(/^DOC-[0-9a-f]{8}$/);
    expect(brandId('', 32)).to.match(/^[0-9a-f]{64}$/);
  });

  it('writes each byte as two digits, zero-padded', () => {
    restore = fakeRandomBytes([0x00, 0x0f, 0xab, 0xff]);
    expect(brandId(undefined, 4)).to.equal('ZZY000fabff');
  });

  it('differs from call to call', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => brandId()));
    expect(ids.size).to.equal(1000);
  });
});
