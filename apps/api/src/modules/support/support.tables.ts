import { type ColumnType, type Kysely, type Selectable } from 'kysely';
import { type Db, tablesOf } from '../../infrastructure/db/schema';

// The support inbox's threads and staff replies.

// 0032-support-inbox

export interface SupportThreadsTable {
  id: string;
  /** SUPPORT | BUSINESS | ECOSYSTEM | REFUND (the contact form) | INVOICE (an invoice request) */
  topic: string;
  /** NEW | ANSWERED | CLOSED */
  state: ColumnType<string, string | undefined, string>;
  /** where answers go */
  email: string;
  user_id: string | null;
  order_id: string | null;
  invoice_request_id: string | null;
  locale: string;
  message: string;
  ip: string | null;
  assignee_id: string | null;
  state_note: string | null;
  reply_count: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

export interface SupportRepliesTable {
  id: string;
  thread_id: string;
  /** chosen by the screen: a repeated click is the same reply */
  client_id: string;
  staff_id: string;
  body: string;
  created_at: string;
  delivered_at: string | null;
  delivery_error: string | null;
}

export interface SupportTables {
  support_threads: SupportThreadsTable;
  support_replies: SupportRepliesTable;
}

declare module '../../infrastructure/db/schema' {
  interface DB extends SupportTables {}
}

/** The support module's tables: its repositories' only handle (ADR 0038). */
export const supportTables = (db: Db): Kysely<SupportTables> => tablesOf<SupportTables>(db);

export type SupportThreadRow = Selectable<SupportThreadsTable>;
export type SupportReplyRow = Selectable<SupportRepliesTable>;
