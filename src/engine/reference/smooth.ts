/** Reference port of `engine-rs/src/smooth.rs`: the docs/behaviour.md §9 causal 4-point moving average. */
export class Smoother {
  private buf = [0, 0, 0, 0];
  private len = 0;

  /** Adds `x` (restarting first when `first`) and returns the mean of the buffer. */
  push(x: number, first: boolean): number {
    if (first) this.len = 0;
    const [, b1, b2, b3] = this.buf as [number, number, number, number];
    this.buf = [b1, b2, b3, x];
    this.len = Math.min(this.len + 1, 4);
    if (this.len === 4) return (b1 + b2 + b3 + x) * 0.25;
    let sum = 0;
    for (let i = 4 - this.len; i < 4; i++) sum += this.buf[i]!;
    return sum / this.len;
  }
}
