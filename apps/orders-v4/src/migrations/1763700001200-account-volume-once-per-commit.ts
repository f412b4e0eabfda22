import type { MigrationInterface, QueryRunner } from 'typeorm';
import { COUNT_ACCOUNT_VOLUME_AT_FIRST } from './1763700000900-account-volume-hours';

/**
 * The hosted orders of one turn share a commit (ADR 0042), where each order's check read its
 * account's whole volume again. Now the commit reads it once per account: an order after
 * another of the same account, with the same windows, under the account's lock held since,
 * adds itself to the volume read for the one before where the hourly totals count it (its hour
 * at or after a window's start; an order in a window's first, partial hour was read from the
 * orders themselves). A change of an order's status, amount or owner in the commit, which
 * changes the totals, makes the next order read the volume again.
 */
export class AccountVolumeOncePerCommit1763700001200 implements MigrationInterface {
  name = 'AccountVolumeOncePerCommit1763700001200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE OR REPLACE FUNCTION orders.count_account_volume() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        windows_text text := CASE WHEN TG_OP = 'INSERT' THEN nullif(nullif(current_setting('orders.volume_windows', true), ''), '[]') END;
        windows jsonb := windows_text::jsonb;
        account text := NEW.merchant_code || ':' || NEW.environment;
        starts timestamptz[];
        used numeric[];
        window_index int;
      BEGIN
        IF windows IS NOT NULL THEN
          PERFORM pg_advisory_xact_lock(hashtext('orders:' || account));
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          PERFORM set_config('orders.volume_of', '', true);
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
          starts := ARRAY(SELECT (w ->> 'since')::timestamptz FROM jsonb_array_elements(windows) w);
          IF current_setting('orders.volume_of', true) = account || ' ' || windows_text THEN
            used := current_setting('orders.volume_used')::numeric[];
            FOR window_index IN 1 .. array_length(starts, 1) LOOP
              IF date_trunc('hour', NEW.created_at, 'UTC') >= starts[window_index] THEN
                used[window_index] := used[window_index] + NEW.amount;
              END IF;
            END LOOP;
          ELSE
            SELECT array_agg(v.used) INTO used FROM orders.account_volume(NEW.merchant_code, NEW.environment, starts) v;
          END IF;
          PERFORM set_config('orders.volume_of', account || ' ' || windows_text, true), set_config('orders.volume_used', used::text, true);
          FOR window_index IN 1 .. jsonb_array_length(windows) LOOP
            IF used[window_index] > (windows -> (window_index - 1) ->> 'limit')::numeric THEN
              RAISE EXCEPTION 'order volume limit reached' USING ERRCODE = 'VOL01', DETAIL = windows -> (window_index - 1) ->> 'name';
            END IF;
          END LOOP;
        END IF;
        RETURN NULL;
      END
    $$`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE OR REPLACE ${COUNT_ACCOUNT_VOLUME_AT_FIRST}`);
  }
}
