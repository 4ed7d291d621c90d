/**
 * Values that hold over stretches of a session's clock: the load (rules/loads.ts) and who trains
 * what (rules/setTags.ts). A span applies to the reps whose movement starts at or after its
 * `fromUs`, until the next span; the first applies from the start (−∞).
 *
 * A change either starts a span where the session is now, or corrects the span in force (the
 * caller says which: before any rep of the span has started, a change is a correction, not an
 * empty set). A correction back to the value of the span before merges the two.
 */

export interface Span {
  /** µs on the session's clock; −∞ for the first span. */
  fromUs: number;
}

/** The span in force at `us` (the first one before any span starts); `what` names the spans in the error for none. */
export function spanAt<S extends Span>(spans: readonly S[], us: number, what: string): S {
  let found = spans[0];
  if (found === undefined) throw new Error(`a session has at least one ${what}`);
  for (const span of spans) {
    if (span.fromUs > us) break;
    found = span;
  }
  return found;
}

/**
 * The spans after the value changes to `value` (`same` compares values): a new span from `nowUs`,
 * or, when `correct`, the span in force made `value`.
 */
export function changeSpan<S extends Span>(spans: readonly S[], value: Omit<S, 'fromUs'>, same: (a: Omit<S, 'fromUs'>, b: Omit<S, 'fromUs'>) => boolean, nowUs: number | null, correct: boolean): S[] {
  const current = spans.at(-1);
  if (current === undefined) return [{ ...value, fromUs: Number.NEGATIVE_INFINITY } as S];
  if (same(current, value)) return [...spans];
  if (nowUs === null || correct) {
    const before = spans.slice(0, -1);
    const previous = before.at(-1);
    // Corrected back to the value before it: the two spans are one again.
    if (previous !== undefined && same(previous, value)) return before;
    return [...before, { ...value, fromUs: current.fromUs } as S];
  }
  return [...spans, { ...value, fromUs: nowUs } as S];
}
