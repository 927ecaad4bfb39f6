/**
 * The little SQL both databases share. Statements use `?` placeholders; the PostgreSQL driver
 * numbers them. Every query is async so SQLite and PostgreSQL sit behind one interface.
 */
export type SqlValue = string | number | null;
export type Row = Record<string, unknown>;

export interface SqlRunner {
  /** Rows of a SELECT (or of INSERT/UPDATE ... RETURNING). */
  all(sql: string, params?: SqlValue[]): Promise<Row[]>;
  /** Runs a statement and says how many rows it changed. */
  run(sql: string, params?: SqlValue[]): Promise<number>;
}

export interface SqlDriver extends SqlRunner {
  readonly dialect: 'sqlite' | 'postgres';
  /** Runs `work` in one transaction: all of it is committed, or none of it. */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
