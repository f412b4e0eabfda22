import { busiestWindow, owner } from './profile-summary';

describe('profile summary', () => {
  it('charges a sample to its npm package, platform app or lib, node itself or V8', () => {
    expect(owner('file:///work/main/node_modules/kafkajs/src/network/connection.js', 'send')).toBe('kafkajs');
    expect(owner('file:///work/main/node_modules/@nestjs/core/router/router-proxy.js', 'x')).toBe('@nestjs/core');
    expect(owner('file:///work/main/dist/libs/messaging/src/rpc-client.js', 'request')).toBe('libs/messaging');
    expect(owner('file:///work/main/dist/apps/gateway/src/main.js', '')).toBe('apps/gateway');
    expect(owner('node:internal/streams/writable', 'write')).toBe('node:internal');
    expect(owner('', '(garbage collector)')).toBe('((garbage collector))');
  });

  it('finds the stretch under load in a profile that runs from the start of the service', () => {
    const IDLE = 1;
    const BUSY = 2;
    // A sample every 100 ms: 5 s of start-up at rest, 3 s of load, 2 s at rest again.
    const samples = [...Array(50).fill(IDLE), ...Array(30).fill(BUSY), ...Array(20).fill(IDLE)];
    samples[10] = BUSY; // a timer firing at rest
    const timeDeltas = samples.map(() => 100_000);
    const [from, to] = busiestWindow(samples, timeDeltas, (id) => id === IDLE, 3);
    expect(samples.slice(from, to)).toEqual(Array(30).fill(BUSY));
  });

  it('takes the whole profile when it is shorter than the stretch asked for', () => {
    const samples = [1, 2, 2, 1];
    expect(busiestWindow(samples, [1000, 1000, 1000, 1000], (id) => id === 1, 60)).toEqual([0, 4]);
  });
});
