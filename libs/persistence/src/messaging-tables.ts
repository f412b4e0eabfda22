import { assertIdentifier } from './identifiers';

/**
 * The outbox (events written in the same transaction as the change that caused them)
 * and the inbox (event ids a consumer has applied, in the same transaction as the effect).
 * Every service's first migration creates both in its own schema.
 */
export function messagingTablesUp(schema: string): string[] {
  const s = assertIdentifier(schema);
  return [
    `CREATE TABLE ${s}.outbox (
       seq bigserial PRIMARY KEY,
       event_id uuid NOT NULL UNIQUE,
       topic text NOT NULL,
       message_key text NOT NULL,
       event_type text NOT NULL,
       payload jsonb NOT NULL,
       headers jsonb NOT NULL DEFAULT '{}'::jsonb,
       occurred_at timestamptz NOT NULL,
       published_at timestamptz
     )`,
    `CREATE INDEX outbox_unpublished ON ${s}.outbox (seq) WHERE published_at IS NULL`,
    `CREATE TABLE ${s}.inbox (
       consumer text NOT NULL,
       event_id uuid NOT NULL,
       processed_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (consumer, event_id)
     )`,
  ];
}

export function messagingTablesDown(schema: string): string[] {
  const s = assertIdentifier(schema);
  return [`DROP TABLE ${s}.inbox`, `DROP TABLE ${s}.outbox`];
}
