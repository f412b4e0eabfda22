import { AsyncResource } from 'node:async_hooks';

type Bind = typeof AsyncResource.prototype.bind;

/** Where the replacement keeps Node's own bind: one key for every copy of this module in the process. */
const NODE_BIND = Symbol.for('platform.asyncResourceBind.node');

type Replacement = Bind & { [NODE_BIND]?: Bind };

/** Node's own `AsyncResource.prototype.bind`, also when a copy of this module (jest loads one per file) replaced it before. */
export function nodeAsyncResourceBind(): Bind {
  const current = AsyncResource.prototype.bind as Replacement;
  return current[NODE_BIND] ?? current;
}

function invalidFunction(fn: unknown): TypeError {
  const error = new TypeError(`The "fn" argument must be of type function. Received ${fn === null ? 'null' : typeof fn}`);
  return Object.assign(error, { code: 'ERR_INVALID_ARG_TYPE' });
}

/**
 * Node 20's `AsyncResource.prototype.bind` gives every bound function the deprecated `asyncResource`
 * accessor (DEP0172), made of two `util.deprecate` wrappers that `Object.setPrototypeOf` re-parents:
 * about 9 µs a call, and hidden classes that only a full collection frees. Fastify binds once for
 * every request with a body (its content-type parser): in the gateway's open loop 2 % of its CPU,
 * and each scavenge left 2 MB in the old generation with it against 0.7 MB without
 * (docs/benchmarks.md, eighteenth sitting). This binds the same way, without that accessor: the
 * function runs in the resource's async scope, with the caller's `this` or `thisArg`, and keeps its
 * `length`.
 */
export function bindWithoutDeprecatedAccessor(): void {
  const replacement = function bind(this: AsyncResource, fn: (...args: unknown[]) => unknown, thisArg?: unknown) {
    if (typeof fn !== 'function') throw invalidFunction(fn);
    return boundTo(this, fn, thisArg);
  } as Replacement;
  replacement[NODE_BIND] = nodeAsyncResourceBind();
  AsyncResource.prototype.bind = replacement;
}

function boundTo(resource: AsyncResource, fn: (...args: unknown[]) => unknown, thisArg: unknown): (...args: unknown[]) => unknown {
  const bound =
    thisArg === undefined
      ? function (this: unknown, ...args: unknown[]) {
          return resource.runInAsyncScope(fn, this, ...args);
        }
      : function (...args: unknown[]) {
          return resource.runInAsyncScope(fn, thisArg, ...args);
        };
  Object.defineProperty(bound, 'length', { configurable: true, enumerable: false, writable: false, value: fn.length });
  return bound;
}
