import { randomUUID } from 'node:crypto';
import { MaintenanceChanged } from '@platform/contracts';
import type { KafkaMessage } from 'kafkajs';
import type { KafkaConnection, ReferenceDataReader } from '@platform/messaging';
import { createLogger } from '@platform/observability';
import { Clock } from './clock';
import { MaintenanceFlags } from './maintenance-flags';

class FixedClock extends Clock {
  constructor(private readonly at: Date) {
    super();
  }
  now(): Date {
    return this.at;
  }
}

const NOW = new Date('2026-11-26T10:00:00.000Z');

/** A copy fed as the compacted topic would feed it: a message per change, null for a removed key. */
function flagsReceiving(): { flags: MaintenanceFlags; receive: (service: string, payload: object | null) => void } {
  const flags = new MaintenanceFlags({} as KafkaConnection, createLogger('maintenance-flags-spec', 'silent'), new FixedClock(NOW));
  const reader = (flags as unknown as { reader: ReferenceDataReader<unknown> }).reader;
  let offset = 0;
  const receive = (service: string, payload: object | null) =>
    reader.apply(0, {
      key: Buffer.from(service),
      value:
        payload === null
          ? null
          : Buffer.from(JSON.stringify({ event_id: randomUUID(), event_type: MaintenanceChanged.type, occurred_at: NOW.toISOString(), payload })),
      offset: String(offset++),
    } as KafkaMessage);
  return { flags, receive };
}

describe('MaintenanceFlags, the public status from the copy', () => {
  it('lists the services in maintenance by service, as the status service does: a passed return time reads as null', () => {
    const { flags, receive } = flagsReceiving();
    receive('withdrawals', { service: 'withdrawals', active: true, until: '2026-11-26T12:00:00Z', note: 'Wallet rotation' });
    receive('storefront', { service: 'storefront', active: true, until: '2026-11-26T09:00:00.000Z', note: null });
    receive('usdt_sales', { service: 'usdt_sales', active: false, until: null, note: null });
    expect(flags.inMaintenance()).toEqual([
      { service: 'storefront', until: null, note: null },
      { service: 'withdrawals', until: '2026-11-26T12:00:00.000Z', note: 'Wallet rotation' },
    ]);
    receive('withdrawals', { service: 'withdrawals', active: false, until: null, note: null });
    receive('storefront', null);
    expect(flags.inMaintenance()).toEqual([]);
  });

  it('tells a waiting operator request when its change has arrived, and when it did not in time', async () => {
    const { flags, receive } = flagsReceiving();
    const expected = { service: 'usdt_sales' as const, until: null, note: 'Node upgrade' };
    const shown = flags.shown('usdt_sales', expected, 5000);
    receive('usdt_sales', { service: 'usdt_sales', active: true, until: null, note: 'Another note' });
    receive('usdt_sales', { service: 'usdt_sales', active: true, until: null, note: 'Node upgrade' });
    await expect(shown).resolves.toBe(true);
    await expect(flags.shown('usdt_sales', expected, 0)).resolves.toBe(true);
    await expect(flags.shown('usdt_sales', null, 20)).resolves.toBe(false);
    const cleared = flags.shown('usdt_sales', null, 5000);
    receive('usdt_sales', { service: 'usdt_sales', active: false, until: null, note: null });
    await expect(cleared).resolves.toBe(true);
  });
});
