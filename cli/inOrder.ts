/**
 * Puts back in order what arrives out of order: values numbered 0, 1, 2, … are handed to `emit`
 * in that order, each as soon as every one before it has arrived. The batch command prints each
 * file's outcome this way, so the output reads the same whatever order the workers finish in.
 */
export function inOrder<T>(emit: (value: T, index: number) => void): (index: number, value: T) => void {
  const waiting = new Map<number, T>();
  let next = 0;
  return (index, value) => {
    waiting.set(index, value);
    while (waiting.has(next)) {
      const ready = waiting.get(next) as T;
      waiting.delete(next);
      emit(ready, next);
      next += 1;
    }
  };
}
