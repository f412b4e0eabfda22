import { toStatusItems } from './service-status.service';

describe('service status items', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it('keeps a future estimated return time', () => {
    const items = toStatusItems([{ service: 'withdrawals', until: new Date('2026-11-21T13:00:00Z'), note: 'node upgrade' }], now);
    expect(items).toEqual([{ service: 'withdrawals', until: '2026-11-21T13:00:00.000Z', note: 'node upgrade' }]);
  });

  it('shows null once the estimated return time has passed, while the service stays listed', () => {
    const items = toStatusItems([{ service: 'api_collection', until: new Date('2026-11-21T11:59:59Z'), note: null }], now);
    expect(items).toEqual([{ service: 'api_collection', until: null, note: null }]);
  });

  it('leaves out rows for services the public list does not know', () => {
    expect(toStatusItems([{ service: 'mystery', until: null, note: null }], now)).toEqual([]);
  });
});
