/**
 * Today's order kept in the log's order record, so that it is backed up, restored, merged and
 * synced like the rest: every change of the team store's order made here is saved as this
 * device's edit, and an order read from the log is not written back (it would stamp someone
 * else's edit as this device's).
 */
import { effect } from '@preact/signals-react';
import { localDay, orderForToday, type TeamOrder } from '../rules/teamOrder';
import { messageOf } from '../shared/messageOf';
import type { TeamStore } from '../stores/team';
import type { Journaling } from '../journal/journaling';

export interface OrderInLog {
  /**
   * Today's order as the log keeps it. The first time (`again` false), today's order an older
   * release kept in storage (`formerOrder`) is moved into the log when the log has none (an older
   * day's would only be shared with the team to be ignored): the next `keep` drops it from storage.
   */
  read(again: boolean): Promise<TeamOrder | null>;
  /** `order`, read from the log, is the store's now: not an edit. Changes after it are. */
  shown(order: TeamOrder | null): void;
  dispose(): void;
}

export interface OrderInLogDeps {
  store: Pick<TeamStore, 'order' | 'formerOrder'>;
  journal: Pick<Journaling, 'order' | 'saveOrder'>;
  showError: (message: string) => void;
  now: () => Date;
}

export function keepOrderInLog({ store, journal, showError, now }: OrderInLogDeps): OrderInLog {
  let kept: TeamOrder | null = null;
  let read = false;
  const stop = effect(() => {
    const order = store.order.value;
    if (!read || JSON.stringify(order) === JSON.stringify(kept)) return;
    kept = order;
    journal.saveOrder(order).catch((error: unknown) => showError(`Today’s order could not be kept: ${messageOf(error)}`));
  });
  return {
    async read(again) {
      const record = await journal.order();
      const former = orderForToday(store.formerOrder, localDay(now()));
      if (record !== null || again || former === null) return record?.order ?? null;
      await journal.saveOrder(former);
      return former;
    },
    shown(order) {
      kept = order;
      read = true;
    },
    dispose: stop,
  };
}
