/**
 * One column of numbers read from a file of unknown length: a Float64Array that doubles when
 * full and is trimmed to its length once, at the end. An hour of samples costs 8 bytes each (at
 * most twice that while it grows) and no object per value, which is what keeps the batch
 * command within its memory budget.
 */
export class GrowingColumn {
  private values = new Float64Array(4096);
  private count = 0;

  get length(): number {
    return this.count;
  }

  /** The last value appended; only called after one was. */
  last(): number {
    return this.values[this.count - 1]!;
  }

  push(value: number): void {
    if (this.count === this.values.length) {
      const bigger = new Float64Array(this.count * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.count++] = value;
  }

  /** Exactly the values appended, in an array of their own; the column lets go of its storage. */
  trimmed(): Float64Array {
    const exact = this.values.length === this.count ? this.values : this.values.slice(0, this.count);
    this.values = new Float64Array(0);
    this.count = 0;
    return exact;
  }
}
