/**
 * One column of numbers read from a file of unknown length, kept in blocks of 64 Ki values: no
 * object per value, and nothing copied while it grows. (Doubling one array instead leaves each
 * outgrown copy as garbage that V8 frees only at its next full collection: an hour of samples
 * would hold about four times its size.) The blocks line up across columns, so block i of each
 * column holds the same samples.
 */
export const BLOCK = 1 << 16;

export class GrowingColumn {
  private readonly full: Float64Array[] = [];
  private block = new Float64Array(BLOCK);
  private used = 0;

  get length(): number {
    return this.full.length * BLOCK + this.used;
  }

  /** The last value appended; only called after one was. */
  last(): number {
    return this.used > 0 ? this.block[this.used - 1]! : this.full.at(-1)![BLOCK - 1]!;
  }

  push(value: number): void {
    if (this.used === BLOCK) {
      this.full.push(this.block);
      this.block = new Float64Array(BLOCK);
      this.used = 0;
    }
    this.block[this.used++] = value;
  }

  /** The values as they are held, no copy: full blocks, then a view of the last one's values. The column is empty afterwards. */
  takeBlocks(): Float64Array[] {
    const blocks = [...this.full, this.block.subarray(0, this.used)].filter((block) => block.length > 0);
    this.full.length = 0;
    this.block = new Float64Array(0);
    this.used = 0;
    return blocks;
  }
}
