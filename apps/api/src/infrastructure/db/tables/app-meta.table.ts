// Key/value facts about the database itself, e.g. which seed content it holds.
export interface AppMetaTable {
  key: string;
  value: string;
  /** UTC timestamp, see toDbDate() */
  updated_at: string;
}
