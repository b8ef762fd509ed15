/** The first size of a stream's store: small enough to come from Node's shared buffer pool. */
const FIRST_BYTES = 2 * 1024;

/**
 * Lines of a stream kept for later reading, as bytes copied one after another into one buffer
 * that grows by doubling (its memory is outside the JavaScript heap, so lines kept for the length
 * of a stream give the garbage collector nothing to copy or promote), with the end of each line.
 */
export class UnreadLines {
  private data: Buffer | undefined;
  private length = 0;
  private ends: number[] = [];

  /** Bytes kept. */
  get bytes(): number {
    return this.length;
  }

  /** Keeps a copy of bytes `start..end` of `buf` as one line. */
  add(buf: Buffer, start: number, end: number): void {
    const size = end - start;
    if (this.data === undefined || this.length + size > this.data.length) {
      const grown = Buffer.allocUnsafe(Math.max(FIRST_BYTES, 2 * (this.length + size)));
      if (this.data !== undefined) this.data.copy(grown, 0, 0, this.length);
      this.data = grown;
    }
    buf.copy(this.data, this.length, start, end);
    this.length += size;
    this.ends.push(this.length);
  }

  /** Hands each kept line to `read` (decoded as UTF-8), oldest first, and forgets them. */
  drain(read: (line: string) => void): void {
    const data = this.data;
    const ends = this.ends;
    if (data === undefined || ends.length === 0) return;
    this.ends = [];
    this.length = 0;
    let from = 0;
    for (const end of ends) {
      read(data.toString('utf8', from, end));
      from = end;
    }
  }
}
