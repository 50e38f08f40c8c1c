import { type ColumnType } from 'kysely';

// 0032-support-inbox: the support inbox's threads and staff replies.

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
