import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { bindWithoutDeprecatedAccessor, nodeAsyncResourceBind } from './async-resource-bind';

/** Node's `bind(fn, thisArg)`; @types/node declares only `fn`. */
function bindWith(resource: AsyncResource, fn: (...args: never[]) => unknown, thisArg: unknown): (...args: unknown[]) => unknown {
  return (resource.bind as unknown as (fn: unknown, thisArg: unknown) => (...args: unknown[]) => unknown).call(resource, fn, thisArg);
}

describe('AsyncResource.bind without the deprecated accessor', () => {
  const storage = new AsyncLocalStorage<string>();

  beforeAll(() => bindWithoutDeprecatedAccessor());
  afterAll(() => {
    AsyncResource.prototype.bind = nodeAsyncResourceBind();
  });

  it('runs the function in the context the resource was made in, not the one it is called from', async () => {
    const bound = storage.run('request 1', () => new AsyncResource('spec').bind(() => storage.getStore()));
    expect(storage.run('request 2', bound)).toBe('request 1');
    expect(bound()).toBe('request 1');
    // As fastify uses it: the bound callback is called later, from a stream's event.
    const later = await storage.run('request 3', () => {
      const done = new AsyncResource('spec').bind(() => storage.getStore());
      return new Promise((resolve) => storage.run('another', () => setImmediate(() => resolve(done()))));
    });
    expect(later).toBe('request 3');
  });

  it("keeps the caller's this, or the one given, and passes arguments, results and errors through", () => {
    const resource = new AsyncResource('spec');
    function describeCall(this: unknown, ...args: unknown[]) {
      return { self: this, args };
    }
    const owner = { name: 'owner', call: resource.bind(describeCall) };
    expect(owner.call(1, 'two')).toEqual({ self: owner, args: [1, 'two'] });
    const fixed = { name: 'fixed' };
    expect(bindWith(resource, describeCall, fixed).call(owner, 3)).toEqual({ self: fixed, args: [3] });
    const failing = resource.bind(() => {
      throw new RangeError('from inside');
    });
    expect(failing).toThrow(new RangeError('from inside'));
  });

  it('keeps the function’s length, and the static bind works the same way', () => {
    const resource = new AsyncResource('spec');
    expect(resource.bind((a: number, b: number) => a + b).length).toBe(2);
    expect(bindWith(resource, (a: number) => a, {}).length).toBe(1);
    const bound = storage.run('static', () => AsyncResource.bind((x: number) => `${storage.getStore()} ${x}`));
    expect(bound(7)).toBe('static 7');
    expect(bound).toHaveLength(1);
  });

  it('gives bound functions no asyncResource accessor, where the cost was', () => {
    const bound = new AsyncResource('spec').bind(() => 1);
    expect(Object.getOwnPropertyNames(bound)).not.toContain('asyncResource');
    expect(Object.getOwnPropertyNames(nodeAsyncResourceBind().call(new AsyncResource('spec'), () => 1))).toContain('asyncResource');
  });

  it("keeps Node's own bind when installed again, as each copy of the module loaded beside another does", () => {
    const replacement = AsyncResource.prototype.bind;
    bindWithoutDeprecatedAccessor();
    expect(AsyncResource.prototype.bind).not.toBe(replacement);
    const nodeBound = nodeAsyncResourceBind().call(new AsyncResource('spec'), () => 1);
    expect(Object.getOwnPropertyNames(nodeBound)).toContain('asyncResource');
    expect(Object.getOwnPropertyNames(new AsyncResource('spec').bind(() => 1))).not.toContain('asyncResource');
  });

  it('refuses what is not a function as Node does', () => {
    const resource = new AsyncResource('spec');
    for (const notAFunction of [undefined, null, 1, 'fn', {}]) {
      expect(() => resource.bind(notAFunction as never)).toThrow(expect.objectContaining({ name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' }));
    }
  });
});
