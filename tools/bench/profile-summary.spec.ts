import { owner } from './profile-summary';

describe('profile summary', () => {
  it('charges a sample to its npm package, platform app or lib, node itself or V8', () => {
    expect(owner('file:///work/main/node_modules/kafkajs/src/network/connection.js', 'send')).toBe('kafkajs');
    expect(owner('file:///work/main/node_modules/@nestjs/core/router/router-proxy.js', 'x')).toBe('@nestjs/core');
    expect(owner('file:///work/main/dist/libs/messaging/src/rpc-client.js', 'request')).toBe('libs/messaging');
    expect(owner('file:///work/main/dist/apps/gateway/src/main.js', '')).toBe('apps/gateway');
    expect(owner('node:internal/streams/writable', 'write')).toBe('node:internal');
    expect(owner('', '(garbage collector)')).toBe('((garbage collector))');
  });
});
