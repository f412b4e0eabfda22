/* eslint-disable @typescript-eslint/no-require-imports -- kafkajs does not export its request queue */

/** kafkajs's per-connection request queue (internal module, patched below). */
export const RequestQueue = require('kafkajs/src/network/requestQueue');
export const KAFKAJS_VERSION: string = require('kafkajs/package.json').version;

/** kafkajs's own retry period for requests held back by a broker throttle. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

interface RequestQueueState {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
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
