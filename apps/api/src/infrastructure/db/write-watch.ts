import { type CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type OperationNode } from 'kysely';

// Which rows of which tables a committed statement wrote, told to whoever listens: the
// per-instance memos (lib/memo.ts) end what a write made stale without every write path having
// to remember to say so (ADR 0022). It sits on the driver, so every write through this
// database handle is seen, whatever wrote it (a service, the back office, a job, a test). A write
// inside a transaction is told after the commit (a rollback tells nothing); one outside, after it
// ran. Writes by another process (psql, a migration, `db:seed`) are not seen: a memo bounds its
// entries' age for them. Transactions must go through Kysely's transaction API (a `begin` sent
// as SQL would have its writes told before the commit, even if it rolled back). A statement is
// read from Kysely's query tree where it can be (one row by `"id" = value` when the statement
// names one); otherwise from its SQL text, failing closed: whatever may write and names a
// watched table is told as a write to any of its rows.

export interface TWrite {
  table: string;
  kind: 'insert' | 'update' | 'delete' | 'other';
  /** the row, when the statement names one by `"id" = value`; null: any rows */
  id: string | null;
}

export type TWriteListener = (writes: readonly TWrite[]) => void;

export interface WriteFeed {
  /** Calls `listener` with the committed writes to these tables; returns the unsubscribe. */
  listen(tables: readonly string[], listener: TWriteListener): () => void;
}

/** The feed's side the driver talks to (watchWrites); what it hands out is a WriteFeed. */
export interface WriteSource extends WriteFeed {
  writesOf(compiled: CompiledQuery): TWrite[] | null;
  emit(writes: readonly TWrite[]): void;
}

type TNode = OperationNode & Record<string, unknown>;

/** A table node's name and alias: `users`, `"users" as "u"`. */
function tableOf(node: TNode | undefined): { name: string; alias: string | null } | null {
  if (!node) return null;
  if (node.kind === 'AliasNode') {
    const inner = tableOf(node.node as TNode);
    return inner ? { name: inner.name, alias: ((node.alias as TNode).name as string) ?? null } : null;
  }
  if (node.kind !== 'TableNode') return null;
  return { name: ((node.table as TNode).identifier as { name: string }).name, alias: null };
}

/**
 * The value of a `"id" = value` condition among the ANDed conditions of a where, the column
 * being the written table's own (unqualified, or qualified by its name or alias).
 */
function idOf(node: TNode | undefined, table: { name: string; alias: string | null }): string | null {
  if (!node) return null;
  if (node.kind === 'WhereNode') return idOf(node.where as TNode, table);
  if (node.kind === 'AndNode') return idOf(node.left as TNode, table) ?? idOf(node.right as TNode, table);
  if (node.kind !== 'BinaryOperationNode') return null;
  const left = node.leftOperand as TNode;
  const qualifier = left.kind === 'ReferenceNode' ? tableOf(left.table as TNode | undefined)?.name : undefined;
  if (qualifier !== undefined && qualifier !== table.name && qualifier !== table.alias) return null;
  const column = left.kind === 'ReferenceNode' ? (left.column as TNode) : left;
  const name = column.kind === 'ColumnNode' ? (column.column as { name: string }).name : null;
  const right = node.rightOperand as TNode;
  if (name !== 'id' || (node.operator as { operator: string }).operator !== '=' || right.kind !== 'ValueNode') return null;
  return typeof right.value === 'string' ? right.value : null;
}

/** In SQL text, what may write (a statement without any of these only reads). */
const WRITING_WORD = /\b(?:insert|update|delete|merge|replace|truncate|upsert)\b/i;

/** One statement's writes to `watched` tables, or null. */
function writesOf(node: TNode, sql: string, watched: ReadonlySet<string>): TWrite[] | null {
  if (node.kind === 'SelectQueryNode' && !node.with) return null;
  let found: TWrite[];
  // a statement over several tables (update … from, delete … using, joins) names no single row
  if (node.kind === 'UpdateQueryNode' && !node.with) {
    const table = tableOf(node.table as TNode);
    const plain = !node.from && !node.joins && table;
    found = table ? [{ table: table.name, kind: 'update', id: plain ? idOf(node.where as TNode, table) : null }] : [];
  } else if (node.kind === 'DeleteQueryNode' && !node.with) {
    const froms = ((node.from as TNode).froms as TNode[]).map(tableOf).filter((table) => table !== null);
    const plain = froms.length === 1 && !node.using && !node.joins;
    found = froms.map((table) => ({ table: table.name, kind: 'delete', id: plain ? idOf(node.where as TNode, table) : null }));
  } else if (node.kind === 'InsertQueryNode' && !node.with) {
    const table = tableOf(node.into as TNode);
    // an upsert or a replace may change an existing row: any row of the table
    const changesRows = Boolean(node.onConflict || node.onDuplicateKey || node.replace || node.orAction || node.ignore);
    found = table ? [{ table: table.name, kind: changesRows ? 'other' : 'insert', id: null }] : [];
  } else {
    // SQL text (raw statements, data-changing CTEs, merge): fail closed, a statement that may
    // write and names a watched table counts as a write to it (any rows)
    if (!WRITING_WORD.test(sql)) return null;
    found = [...watched]
      .filter((table) => new RegExp(`\\b${table}\\b`, 'i').test(sql))
      .map((table) => ({ table, kind: 'other', id: null }));
  }
  const writes = found.filter((write) => watched.has(write.table));
  return writes.length ? writes : null;
}

export function createWriteFeed(): WriteSource {
  const listeners = new Set<{ tables: ReadonlySet<string>; listener: TWriteListener }>();
  let watched = new Set<string>();
  const rewatch = () => {
    watched = new Set([...listeners].flatMap((entry) => [...entry.tables]));
  };
  return {
    listen(tables, listener) {
      const entry = { tables: new Set(tables), listener };
      listeners.add(entry);
      rewatch();
      return () => {
        listeners.delete(entry);
        rewatch();
      };
    },
    writesOf: (compiled) => (watched.size === 0 ? null : writesOf(compiled.query as TNode, compiled.sql, watched)),
    emit(writes) {
      for (const { tables, listener } of listeners) {
        const mine = writes.filter((write) => tables.has(write.table));
        if (!mine.length) continue;
        // the write has committed: a listener's failure must not turn it into an error
        try {
          listener(mine);
        } catch (error) {
          process.emitWarning(`write listener failed: ${String(error)}`);
        }
      }
    },
  };
}

const WATCHED = Symbol('write-watched');

/** The dialect with its driver reporting committed writes to `feed`. */
export function watchWrites(dialect: Dialect, feed: WriteSource): Dialect {
  // the writes of each connection's open transaction, told at its commit
  const pending = new WeakMap<DatabaseConnection, TWrite[]>();
  const watch = (connection: DatabaseConnection) => {
    const marked = connection as DatabaseConnection & { [WATCHED]?: true };
    if (marked[WATCHED]) return connection;
    // patched in place: a driver may rely on its own connection object (pg's release)
    const execute = connection.executeQuery.bind(connection);
    connection.executeQuery = async <R>(compiled: CompiledQuery) => {
      const writes = feed.writesOf(compiled);
      const result = await execute<R>(compiled);
      if (writes) {
        const open = pending.get(connection);
        if (open) open.push(...writes);
        else feed.emit(writes);
      }
      return result;
    };
    marked[WATCHED] = true;
    return connection;
  };
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: (): Driver => {
      const driver = dialect.createDriver();
      // bound, not inherited: Kysely's drivers keep their state in private fields
      return {
        init: () => driver.init(),
        releaseConnection: (connection) => driver.releaseConnection(connection),
        destroy: () => driver.destroy(),
        ...(driver.savepoint ? { savepoint: driver.savepoint.bind(driver) } : {}),
        ...(driver.rollbackToSavepoint ? { rollbackToSavepoint: driver.rollbackToSavepoint.bind(driver) } : {}),
        ...(driver.releaseSavepoint ? { releaseSavepoint: driver.releaseSavepoint.bind(driver) } : {}),
        acquireConnection: async () => watch(await driver.acquireConnection()),
        beginTransaction: async (connection, settings) => {
          await driver.beginTransaction(connection, settings);
          pending.set(connection, []);
        },
        commitTransaction: async (connection) => {
          const writes = pending.get(connection);
          pending.delete(connection);
          await driver.commitTransaction(connection);
          if (writes?.length) feed.emit(writes);
        },
        rollbackTransaction: async (connection) => {
          pending.delete(connection);
          await driver.rollbackTransaction(connection);
        },
      };
    },
  };
}
