/** Reference port of `engine-rs/src/smooth.rs`: the docs/behaviour.md §9 causal 4-point moving average. */
import type { Grid } from './resample';

export class Smoother {
  /** The last three points, oldest first. */
  private b1 = 0;
  private b2 = 0;
  private b3 = 0;
  private len = 0;

  /** Writes the buffered angle of `grid`'s points (their resampled angles, restarting at each segment's first point) into its `buffered` column. */
  run(grid: Grid): void {
    for (let k = 0; k < grid.len; k++) grid.buffered[k] = this.push(grid.rawDeg[k]!, grid.first[k] === 1);
  }

  /** Adds `x` (restarting first when `first`) and returns the mean of the buffer. */
  push(x: number, first: boolean): number {
    if (first) this.len = 0;
    const { b1, b2, b3 } = this;
    this.b1 = b2;
    this.b2 = b3;
    this.b3 = x;
    this.len = Math.min(this.len + 1, 4);
    if (this.len === 4) return (b1 + b2 + b3 + x) * 0.25;
    // Oldest to newest, the sum starting from 0, as smooth.rs.
    if (this.len === 3) return (0 + b2 + b3 + x) / 3;
    if (this.len === 2) return (0 + b3 + x) / 2;
    return 0 + x;
  }
}
