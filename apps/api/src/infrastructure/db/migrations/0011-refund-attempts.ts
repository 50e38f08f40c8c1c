import { type Kysely } from 'kysely';

// Refunds are asked again with the same refund number until the gateway gives a final answer:
// each refund counts its conversations with the gateway (attempts), says when the sweep may ask
// next (next_attempt_at; NULL = not asked automatically any more, an operator has to look) and
// keeps what the gateway last said (last_outcome), for the alert and the back office.
// payments.refund_claimed_at claims a double payment's refund in the transaction that inserts
// its refund row, so two instances cannot both send it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('refunds')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('refunds').addColumn('next_attempt_at', 'text').execute();
  await db.schema.alterTable('refunds').addColumn('last_outcome', 'text').execute();
  // open refunds of before this migration: asked at once, as the sweep did
  await db
    .updateTable('refunds')
    .set((eb) => ({ next_attempt_at: eb.ref('updated_at'), attempts: 1 }))
    .where('state', 'in', ['PENDING', 'PROCESSING'])
    .execute();
  await db.schema.createIndex('refunds_state_next_attempt_idx').on('refunds').columns(['state', 'next_attempt_at']).execute();

  await db.schema.alterTable('payments').addColumn('refund_claimed_at', 'text').execute();
  // double payments already refunded (or being refunded) are claimed
  await db
    .updateTable('payments')
    .set((eb) => ({ refund_claimed_at: eb.ref('updated_at') }))
    .where('needs_refund', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('refunds')
          .select('refunds.id')
          .whereRef('refunds.payment_id', '=', 'payments.id')
          .where('refunds.state', 'in', ['PENDING', 'PROCESSING', 'SUCCEEDED']),
      ),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('refund_claimed_at').execute();
  await db.schema.dropIndex('refunds_state_next_attempt_idx').execute();
  await db.schema.alterTable('refunds').dropColumn('last_outcome').execute();
  await db.schema.alterTable('refunds').dropColumn('next_attempt_at').execute();
  await db.schema.alterTable('refunds').dropColumn('attempts').execute();
}
