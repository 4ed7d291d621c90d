/** A PersistencePort test double: persisted as told, granting `persist()` or not, counting the requests. */
import type { PersistencePort } from '../persistence';

export interface FakePersistence extends PersistencePort {
  granted: boolean | null;
  /** What `persist()` answers (and becomes). */
  grants: boolean | null;
  readonly requests: number;
}

export function createFakePersistence(granted: boolean | null = false, grants: boolean | null = true): FakePersistence {
  let requests = 0;
  const fake: FakePersistence = {
    granted,
    grants,
    get requests() {
      return requests;
    },
    persisted: async () => fake.granted,
    async persist() {
      requests++;
      fake.granted = fake.grants;
      return fake.grants;
    },
  };
  return fake;
}
