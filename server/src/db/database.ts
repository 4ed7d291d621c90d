/**
 * The one store, as the server's code sees it: SQL with parameters ($1, $2…), never text built
 * from values, on either database the server runs on. Two implementations: PostgreSQL through a
 * connection pool (`pg`, postgres.ts) and the embedded PGlite in a data folder (pglite.ts). Both
 * hand back rows as plain objects with the same JavaScript types: bigint and integer columns as
 * numbers, bytea as Uint8Array, timestamptz as Date, arrays as arrays.
 */

export type Row = Record<string, unknown>;

export interface Sql {
  /** Runs one statement with its parameters and returns its rows. */
  query<R extends Row = Row>(text: string, params?: readonly unknown[]): Promise<R[]>;
}

export interface Database extends Sql {
  /** Runs `work` in one transaction (read committed): committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (the migrations). */
  script(text: string): Promise<void>;
  /** Which database this is, for logs and the start-up line. */
  readonly describe: string;
  close(): Promise<void>;
}
