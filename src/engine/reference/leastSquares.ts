/**
 * Least-squares polynomial fits as weights: the fitted polynomial's value at a point is a
 * weighted sum of the points fitted, with weights that depend only on where the points are. The
 * Savitzky–Golay filters (savgol.ts, window.ts) are these weights applied to a window.
 */

/**
 * Weights w with Σ w_i·y_i the value at `at` of the polynomial of degree `degree` fitted by least
 * squares through the points (x_i, y_i), whatever the y_i: from the normal equations
 * G·a = Σ φ(x_i)·y_i with φ(x) = (1, x, …, x^degree), the value φ(at)·a is Σ (φ(x_i)·c)·y_i where
 * G·c = φ(at). One weight vector for each of `ats`. Positions are divided by the largest |x_i|
 * first, which changes no fitted value and keeps G well conditioned.
 */
export function polynomialWeights(x: readonly number[], degree: number, ats: readonly number[]): number[][] {
  const scale = Math.max(...x.map(Math.abs)) || 1;
  const phi = (v: number) => Array.from({ length: degree + 1 }, (_, p) => (v / scale) ** p);
  const rows = x.map(phi);
  const powers = phi(0).map((_, p) => p);
  const gram = powers.map((p) => powers.map((q) => rows.reduce((sum, r) => sum + r[p]! * r[q]!, 0)));
  return ats.map((at) => {
    const c = solve(gram, phi(at));
    return rows.map((r) => dot(r, c));
  });
}

/**
 * The coefficients b minimising Σ_k (y_k − rows_k·b)²: the solution of the normal equations
 * (RᵀR)·b = Rᵀy. Each column is divided by its largest magnitude first (and its coefficient by
 * the same after), which changes no fitted value and keeps RᵀR well conditioned.
 */
export function leastSquares(rows: readonly (readonly number[])[], y: readonly number[]): number[] {
  const columns = rows[0]?.length ?? 0;
  const scale = Array.from({ length: columns }, (_, c) => Math.max(...rows.map((r) => Math.abs(r[c]!))) || 1);
  const scaled = rows.map((r) => r.map((v, c) => v / scale[c]!));
  const gram = scale.map((_, p) => scale.map((_, q) => scaled.reduce((sum, r) => sum + r[p]! * r[q]!, 0)));
  const moments = scale.map((_, p) => scaled.reduce((sum, r, k) => sum + r[p]! * y[k]!, 0));
  return solve(gram, moments).map((b, c) => b / scale[c]!);
}

/** The solution of a·x = b (a square and regular) by Gaussian elimination with partial pivoting. */
function solve(a: readonly number[][], b: readonly number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = col + 1; r < n; r++) {
      const f = m[r]![col]! / m[col]![col]!;
      for (let k = col; k <= n; k++) m[r]![k]! -= f * m[col]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let sum = m[r]![n]!;
    for (let k = r + 1; k < n; k++) sum -= m[r]![k]! * x[k]!;
    x[r] = sum / m[r]![r]!;
  }
  return x;
}

/** Σ a_i·b_i. */
export function dot(a: readonly number[], b: readonly number[]): number {
  return a.reduce((sum, v, i) => sum + v * b[i]!, 0);
}
