import { type CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type OperationNode } from 'kysely';

// Which rows of which tables a committed statement wrote, told to whoever listens: the
// per-instance memos (lib/memo.ts) end what a write made stale without every write path having
// to remember to say so (issue 21, ADR 0022). It sits on the driver, so every write through this
// database handle is seen, whatever wrote it (a service, the back office, a job, a test). A write
// inside a transaction is told after the commit (a rollback tells nothing); one outside, after it
// ran. Writes by another process (psql, a migration, `db:seed`) are not seen: a memo bounds its
// entries' age for them.

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

interface FeedInternals extends WriteFeed {
  writesOf(compiled: CompiledQuery): TWrite[] | null;
  emit(writes: readonly TWrite[]): void;
}

type TNode = OperationNode & Record<string, unknown>;

/** A table node's name (through an alias): `users`, `"users" as "u"`. */
function tableName(node: TNode | undefined): string | null {
  if (!node) return null;
  if (node.kind === 'AliasNode') return tableName(node.node as TNode);
  if (node.kind !== 'TableNode') return null;
  return ((node.table as TNode).identifier as { name: string }).name;
}

/** The value of a `"id" = value` condition among the ANDed conditions of a where. */
function idOf(node: TNode | undefined): string | null {
  if (!node) return null;
  if (node.kind === 'WhereNode') return idOf(node.where as TNode);
  if (node.kind === 'AndNode') return idOf(node.left as TNode) ?? idOf(node.right as TNode);
  if (node.kind !== 'BinaryOperationNode') return null;
  const left = node.leftOperand as TNode;
  const column = left.kind === 'ReferenceNode' ? (left.column as TNode) : left;
  const name = column.kind === 'ColumnNode' ? ((column.column as { name: string }).name) : null;
  const right = node.rightOperand as TNode;
  if (name !== 'id' || (node.operator as { operator: string }).operator !== '=' || right.kind !== 'ValueNode') return null;
  return typeof right.value === 'string' ? right.value : null;
}

/** Writes named in SQL text (raw statements, data-changing CTEs): tables only. */
const WRITE_SQL = /\b(?:update|insert\s+into|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;

export function createWriteFeed(): WriteFeed {
  const listeners = new Set<{ tables: ReadonlySet<string>; listener: TWriteListener }>();
  let watched = new Set<string>();
  const rewatch = () => {
    watched = new Set([...listeners].flatMap((entry) => [...entry.tables]));
  };
  const feed: FeedInternals = {
    listen(tables, listener) {
      const entry = { tables: new Set(tables), listener };
      listeners.add(entry);
      rewatch();
      return () => {
        listeners.delete(entry);
        rewatch();
      };
    },
    writesOf(compiled) {
      if (watched.size === 0) return null;
      const node = compiled.query as TNode;
      if (node.kind === 'SelectQueryNode' && !node.with) return null;
      let found: TWrite[];
      if (node.kind === 'UpdateQueryNode' && !node.with) {
        found = [{ table: tableName(node.table as TNode) ?? '', kind: 'update', id: idOf(node.where as TNode) }];
      } else if (node.kind === 'DeleteQueryNode' && !node.with) {
        const froms = ((node.from as TNode).froms as TNode[]) ?? [];
        found = froms.map((from) => ({ table: tableName(from) ?? '', kind: 'delete', id: froms.length === 1 ? idOf(node.where as TNode) : null }));
      } else if (node.kind === 'InsertQueryNode' && !node.with) {
        found = [{ table: tableName(node.into as TNode) ?? '', kind: 'insert', id: null }];
      } else {
        found = [...compiled.sql.matchAll(WRITE_SQL)].map((match) => ({ table: match[1]!.toLowerCase(), kind: 'other', id: null }));
      }
      const writes = found.filter((write) => watched.has(write.table));
      return writes.length ? writes : null;
    },
    emit(writes) {
      for (const { tables, listener } of listeners) {
        const mine = writes.filter((write) => tables.has(write.table));
        if (mine.length) listener(mine);
      }
    },
  };
  return feed;
}

const WATCHED = Symbol('write-watched');

/** The dialect with its driver reporting committed writes to `feed`. */
export function watchWrites(dialect: Dialect, feed: WriteFeed): Dialect {
  const internals = feed as FeedInternals;
  // the writes of each connection's open transaction, told at its commit
  const pending = new WeakMap<DatabaseConnection, TWrite[]>();
  const watch = (connection: DatabaseConnection) => {
    const marked = connection as DatabaseConnection & { [WATCHED]?: true };
    if (marked[WATCHED]) return connection;
    // patched in place: a driver may rely on its own connection object (pg's release)
    const execute = connection.executeQuery.bind(connection);
    connection.executeQuery = async <R>(compiled: CompiledQuery) => {
      const writes = internals.writesOf(compiled);
      const result = await execute<R>(compiled);
      if (writes) {
        const open = pending.get(connection);
        if (open) open.push(...writes);
        else internals.emit(writes);
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
          if (writes?.length) internals.emit(writes);
        },
        rollbackTransaction: async (connection) => {
          pending.delete(connection);
          await driver.rollbackTransaction(connection);
        },
      };
    },
  };
}
