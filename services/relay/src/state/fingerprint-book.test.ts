import { createHash } from 'node:crypto';
import { bucketOf, FINGERPRINT_BUCKETS, FingerprintBook } from './fingerprint-book';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('FingerprintBook', () => {
  it('digests a bucket as the md5 of its fingerprints joined in id order, and follows every change', () => {
    const book = new FingerprintBook();
    const [a, b, c] = [5, 5 + FINGERPRINT_BUCKETS, 5 + 2 * FINGERPRINT_BUCKETS];
    book.set(c, 'fc');
    book.set(a, 'fa');
    book.set(b, 'fb');
    expect(book.digest(5)).toBe(md5('fa,fb,fc'));
    book.set(b, 'fb2');
    expect(book.digest(5)).toBe(md5('fa,fb2,fc'));
    book.delete(a);
    expect(book.digest(5)).toBe(md5('fb2,fc'));
    book.delete(b);
    book.delete(c);
    expect(book.digest(5)).toBeUndefined();
    expect(book.size).toBe(0);
  });

  it('names the buckets that differ, including ones the database no longer has', () => {
    const book = new FingerprintBook();
    book.set(1, 'f1');
    book.set(2, 'f2');
    book.set(3, 'f3');
    const read = [
      { bucket: 1, digest: md5('f1') }, // the same
      { bucket: 2, digest: md5('changed') }, // changed
      { bucket: 4, digest: md5('f4') }, // added
    ]; // bucket 3 is gone
    expect(book.differingBuckets(read).sort()).toEqual([2, 3, 4]);
  });

  it('names the ids of the buckets read whose fingerprints were added, changed or are gone', () => {
    const book = new FingerprintBook();
    book.set(1, 'f1');
    book.set(1 + FINGERPRINT_BUCKETS, 'g1');
    book.set(2, 'f2');
    const into = new Set<number>();
    book.changedIn([1], [{ id: 1, fp: 'f1' }, { id: 1 + 2 * FINGERPRINT_BUCKETS, fp: 'h1' }], into);
    expect([...into].sort((x, y) => x - y)).toEqual([1 + FINGERPRINT_BUCKETS, 1 + 2 * FINGERPRINT_BUCKETS]);
  });

  it('puts every id in a bucket in range, as the SQL expression does', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(FINGERPRINT_BUCKETS + 7)).toBe(7);
    expect(bucketOf(-1)).toBe(FINGERPRINT_BUCKETS - 1);
  });
});
