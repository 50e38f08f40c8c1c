import { type Kysely } from 'kysely';

// Orders, order items, payments, refunds, QR codes for the desktop app, payment notifications, entitlements (ordering and payment issue).

// eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars
export async function up(db: Kysely<any>): Promise<void> {}

// eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars
export async function down(db: Kysely<any>): Promise<void> {}
