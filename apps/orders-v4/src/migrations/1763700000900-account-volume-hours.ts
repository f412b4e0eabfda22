import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The insert trigger's function as this migration made it (AccountVolumeOncePerCommit's down restores it). */
export const COUNT_ACCOUNT_VOLUME_AT_FIRST = `FUNCTION orders.count_account_volume() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        windows jsonb := CASE WHEN TG_OP = 'INSERT' THEN nullif(current_setting('orders.volume_windows', true), '')::jsonb END;
        used numeric[];
        window_index int;
      BEGIN
        IF windows IS NOT NULL THEN
          PERFORM pg_advisory_xact_lock(hashtext('orders:' || NEW.merchant_code || ':' || NEW.environment));
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status <> 'failed' THEN
          UPDATE orders.account_volume_hours SET amount = amount - OLD.amount
           WHERE merchant_code = OLD.merchant_code AND environment = OLD.environment AND hour = date_trunc('hour', OLD.created_at, 'UTC');
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status <> 'failed' THEN
          INSERT INTO orders.account_volume_hours (merchant_code, environment, hour, amount)
          VALUES (NEW.merchant_code, NEW.environment, date_trunc('hour', NEW.created_at, 'UTC'), NEW.amount)
          ON CONFLICT (merchant_code, environment, hour) DO UPDATE SET amount = orders.account_volume_hours.amount + EXCLUDED.amount;
        END IF;
        IF windows IS NOT NULL THEN
          SELECT array_agg(v.used) INTO used
            FROM orders.account_volume(NEW.merchant_code, NEW.environment, ARRAY(SELECT (w ->> 'since')::timestamptz FROM jsonb_array_elements(windows) w)) v;
          FOR window_index IN 1 .. jsonb_array_length(windows) LOOP
            IF used[window_index] > (windows -> (window_index - 1) ->> 'limit')::numeric THEN
              RAISE EXCEPTION 'order volume limit reached' USING ERRCODE = 'VOL01', DETAIL = windows -> (window_index - 1) ->> 'name';
            END IF;
          END LOOP;
        END IF;
        RETURN NULL;
      END
    $$`;

/**
 * The account's order volume per hour of creation (failed orders left out), so the rolling
 * volume limits read at most 720 rows of an account instead of every order of its last 30
 * days, and the check of a new order under the account's lock runs inside its commit (ADR 0030).
 *
 * - `account_volume_hours` is kept by triggers on every write to orders, whatever the code path,
 *   deferred to the commit.
 * - `account_volume(merchant, env, starts)`: the volume since each start: whole hours from the
 *   totals, the part of the first hour from the orders themselves.
 * - A new order inserted with the setting `orders.volume_windows` (a JSON list of
 *   `{since, limit, name}`, local to its transaction) is checked at its commit: the account's
 *   lock is taken, its hour counted, and the commit fails with SQLSTATE VOL01 (detail: the
 *   window's name) when a window is over its limit. The lock is held by the commit alone,
 *   with no round trip to the service in it.
 */
export class AccountVolumeHours1763700000900 implements MigrationInterface {
  name = 'AccountVolumeHours1763700000900';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE orders.account_volume_hours (
      merchant_code text NOT NULL,
      environment text NOT NULL,
      hour timestamptz NOT NULL,
      amount numeric(20, 2) NOT NULL,
      PRIMARY KEY (merchant_code, environment, hour)
    )`);
    await runner.query('CREATE INDEX orders_account_created ON orders.orders (merchant_code, environment, created_at)');
    await runner.query(`CREATE FUNCTION orders.account_volume(merchant text, env text, starts timestamptz[])
      RETURNS TABLE (used numeric) LANGUAGE sql STABLE AS $$
        SELECT coalesce((SELECT sum(h.amount) FROM orders.account_volume_hours h
                          WHERE h.merchant_code = merchant AND h.environment = env AND h.hour >= s.start), 0)
             + coalesce((SELECT sum(o.amount) FROM orders.orders o
                          WHERE o.merchant_code = merchant AND o.environment = env AND o.status <> 'failed'
                            AND o.created_at >= s.start AND o.created_at < date_trunc('hour', s.start, 'UTC') + interval '1 hour'
                            AND date_trunc('hour', o.created_at, 'UTC') < s.start), 0)
          FROM unnest(starts) WITH ORDINALITY AS s(start, n) ORDER BY s.n
    $$`);
    await runner.query(`CREATE ${COUNT_ACCOUNT_VOLUME_AT_FIRST}`);
    await runner.query(`CREATE CONSTRAINT TRIGGER orders_volume_insert AFTER INSERT ON orders.orders
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.status <> 'failed') EXECUTE FUNCTION orders.count_account_volume()`);
    await runner.query(`CREATE CONSTRAINT TRIGGER orders_volume_update AFTER UPDATE ON orders.orders
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN ((OLD.status = 'failed') IS DISTINCT FROM (NEW.status = 'failed') OR OLD.amount IS DISTINCT FROM NEW.amount
         OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.merchant_code IS DISTINCT FROM NEW.merchant_code
         OR OLD.environment IS DISTINCT FROM NEW.environment)
      EXECUTE FUNCTION orders.count_account_volume()`);
    await runner.query(`CREATE CONSTRAINT TRIGGER orders_volume_delete AFTER DELETE ON orders.orders
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.status <> 'failed') EXECUTE FUNCTION orders.count_account_volume()`);
    await runner.query(`INSERT INTO orders.account_volume_hours (merchant_code, environment, hour, amount)
      SELECT merchant_code, environment, date_trunc('hour', created_at, 'UTC'), sum(amount)
        FROM orders.orders WHERE status <> 'failed' GROUP BY 1, 2, 3`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TRIGGER orders_volume_delete ON orders.orders');
    await runner.query('DROP TRIGGER orders_volume_update ON orders.orders');
    await runner.query('DROP TRIGGER orders_volume_insert ON orders.orders');
    await runner.query('DROP FUNCTION orders.count_account_volume()');
    await runner.query('DROP FUNCTION orders.account_volume(text, text, timestamptz[])');
    await runner.query('DROP INDEX orders.orders_account_created');
    await runner.query('DROP TABLE orders.account_volume_hours');
  }
}
