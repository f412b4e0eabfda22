/* eslint-disable @typescript-eslint/no-require-imports -- kafkajs does not export its request queue */
import { EVERY_SECOND_MS, everySecond } from '@platform/observability';

/** kafkajs's per-connection request queue (internal module, patched below). */
export const RequestQueue = require('kafkajs/src/network/requestQueue');
export const KAFKAJS_VERSION: string = require('kafkajs/package.json').version;

/** kafkajs's own retry period for requests held back by a broker throttle. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

/** How often a connection looks for in-flight requests past their timeout (kafkajs: every 100 ms). */
export const REQUEST_TIMEOUT_CHECK_MS = EVERY_SECOND_MS;

interface RequestQueueState {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  enforceRequestTimeout: boolean;
  requestTimeout: number;
  inflight: Map<number, { sentAt: number; requestTimeout: number; timeoutRequest(): void }>;
  isConnected(): boolean;
  destroy(): void;
}

/**
 * kafkajs 2.2.4 re-arms a zero-delay timer after every check of a connection's pending requests,
 * even when nothing is pending (tulios/kafkajs#1556, #1704; the fix of PR #1667 never shipped), so
 * every broker connection of every consumer spins a 1 ms timer forever: most of an idle service's
 * CPU. A check only has to be scheduled when requests wait on a broker throttle; requests that wait
 * for a free in-flight slot are sent when a response frees one (`fulfillRequest`).
 */
export function fixIdleRequestQueueLoop(): void {
  RequestQueue.prototype.scheduleCheckPendingRequests = function scheduleCheckPendingRequests(this: RequestQueueState) {
    if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
    const untilUnthrottled = this.throttledUntil - Date.now();
    this.throttleCheckTimeoutId = setTimeout(
      () => {
        this.throttleCheckTimeoutId = null;
        this.checkPendingRequests();
      },
      untilUnthrottled > 0 ? untilUnthrottled : CHECK_PENDING_REQUESTS_INTERVAL_MS,
    );
  };
}

/** kafkajs's own `destroy`, which the sweep below wraps, and its own per-connection sweep. */
const destroyRequestQueue: (this: RequestQueueState) => void = RequestQueue.prototype.destroy;
const sweepEvery100Ms: (this: RequestQueueState) => void = RequestQueue.prototype.scheduleRequestTimeoutCheck;
const sweptQueues = new Set<RequestQueueState>();
let stopSweeping: (() => void) | undefined;

function sweepRequestTimeouts(): void {
  for (const queue of sweptQueues) {
    queue.inflight.forEach((request) => {
      if (Date.now() - request.sentAt > request.requestTimeout) request.timeoutRequest();
    });
    if (!queue.isConnected()) queue.destroy();
  }
}

/**
 * kafkajs sweeps every connection's in-flight requests for timeouts every 100 ms, a timer per
 * broker connection (a dozen in a service with five consumers): each a wakeup of an idle process.
 * Every connection of the process is now swept once a second, on the timer the process's other
 * once-a-second chores share (`everySecond`), and the sweep stops with the last connection.
 * Requests time out after 30 s (fetches after their wait plus that), so a sweep a second finds
 * them at most a second later, and at most 5 s later while an idle process's chores rest
 * (`restChores`); the sweep is kafkajs's own.
 */
export function checkRequestTimeoutsEverySecond(): void {
  RequestQueue.prototype.scheduleRequestTimeoutCheck = function scheduleRequestTimeoutCheck(this: RequestQueueState) {
    if (!this.enforceRequestTimeout) return;
    // A client with a shorter timeout than the shared sweep's period keeps kafkajs's own sweep.
    if (this.requestTimeout < REQUEST_TIMEOUT_CHECK_MS) return sweepEvery100Ms.call(this);
    this.destroy();
    sweptQueues.add(this);
    stopSweeping ??= everySecond(sweepRequestTimeouts, { keepsAlive: true });
  };
  RequestQueue.prototype.destroy = function destroy(this: RequestQueueState) {
    destroyRequestQueue.call(this);
    sweptQueues.delete(this);
    if (sweptQueues.size > 0) return;
    stopSweeping?.();
    stopSweeping = undefined;
  };
}
