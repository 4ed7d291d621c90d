/** What every route plugin is handed by the composition root (app.ts): the store and the clock. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database';

export interface RouteDeps {
  db: Database;
  now: () => number;
  /** Test seam: runs inside each push transaction before it commits. */
  beforeCommit?: () => Promise<void>;
}

/** The app with TypeBox's type provider: request shapes typed from the route's schemas. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<TypeBoxTypeProvider>();
