/**
 * The listener registry every Unit implementation shares. A listener that throws must not stop
 * the others (one broken chart must not stop the engine receiving samples), and must not be
 * swallowed either: its error is rethrown on a fresh microtask, where it surfaces as an uncaught
 * error like one from a DOM event listener.
 */
import type { UnitEvents } from './unit';

export class UnitEmitter {
  private readonly listeners: { [E in keyof UnitEvents]: Set<UnitEvents[E]> } = {
    samples: new Set(),
    warning: new Set(),
    disconnected: new Set(),
  };

  on<E extends keyof UnitEvents>(event: E, listener: UnitEvents[E]): () => void {
    const set = this.listeners[event] as Set<UnitEvents[E]>;
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  emit<E extends keyof UnitEvents>(event: E, ...args: Parameters<UnitEvents[E]>): void {
    for (const listener of [...(this.listeners[event] as Set<(...a: Parameters<UnitEvents[E]>) => void>)]) {
      try {
        listener(...args);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
