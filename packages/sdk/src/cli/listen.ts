import type { Profile } from './config.js';
import type { Output } from './output.js';
import { signV3Request } from '../signing/index.js';

const STREAM_PATH = '/api/v3/sandbox/webhook-stream';

interface StreamedWebhook {
  event_id: string;
  event_type: string;
  scheme: 'v3' | 'v4';
  headers: Record<string, string>;
  body: string;
}

export interface ForwardResult {
  event_id: string;
  event_type: string;
  status: number | null;
  error?: string;
  duration_ms: number;
}

/** Posts the webhook to the local server exactly as the platform would: same bytes, same signed headers. */
export async function forward(target: string, webhook: StreamedWebhook): Promise<ForwardResult> {
  const started = Date.now();
  try {
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'card-platform-webhooks (listen)', ...webhook.headers },
      body: webhook.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return { event_id: webhook.event_id, event_type: webhook.event_type, status: response.status, duration_ms: Date.now() - started };
  } catch (error) {
    return { event_id: webhook.event_id, event_type: webhook.event_type, status: null, error: (error as Error).message, duration_ms: Date.now() - started };
  }
}

/** Splits a Server-Sent Events stream into its events; `heard` is called for every chunk, keep-alive comments included. */
async function* serverSentEvents(body: ReadableStream<Uint8Array>, heard: () => void): AsyncGenerator<{ event: string; data: string }> {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    heard();
    buffered += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) !== -1) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (event) yield { event, data };
    }
  }
}

/** The platform refused the stream (a live key, a wrong secret): opening it again would not help. */
export class StreamRefused extends Error {
  override name = 'StreamRefused';
}

/** Pauses between attempts to open the stream again: 1 s, 2 s, 4 s … at most 30 s. */
const reconnectDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);
/** A stream that stayed open this long was healthy: the pauses start over after it. */
const STABLE_STREAM_MS = 30_000;
/** The platform sends a keep-alive every 15 s: this long without a byte is a connection that died silently (a laptop's sleep). */
const SILENCE_MS = 45_000;
/** Answers that say "later", not "no". */
const TRANSIENT_STATUSES = new Set([408, 425, 429]);

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Opens the sandbox webhook stream with the profile's key and forwards every webhook to
 * `target` until `signal` aborts, printing one line (or one JSON object) per webhook. When the
 * stream breaks (the platform restarted, the network dropped) it says so and opens it again;
 * webhooks made meanwhile are not replayed, and `deliveries list` shows them. A refusal ends it.
 */
export async function listen(profile: Profile, target: string, out: Output, signal?: AbortSignal): Promise<void> {
  for (let failures = 0; !signal?.aborted; failures += 1) {
    let why: string;
    try {
      // A stream that stayed open a while starts the pauses over; one that ends at once does not.
      if (await streamOnce(profile, target, out, signal)) failures = 0;
      why = 'the stream closed';
    } catch (error) {
      if (error instanceof StreamRefused || signal?.aborted) throw error;
      why = `the stream broke (${(error as Error).message})`;
    }
    if (signal?.aborted) return;
    const wait = reconnectDelay(failures);
    out.say(`Webhooks made now are not forwarded: ${why}. Opening it again in ${wait / 1000} s…`);
    await pause(wait, signal);
  }
}

/** One stream, from opening to its end; true when it was ready and stayed open long enough to count as healthy. */
async function streamOnce(profile: Profile, target: string, out: Output, signal?: AbortSignal): Promise<boolean> {
  out.say(`Connecting to ${profile.base_url} as ${profile.merchant_code}…`);
  const opened = Date.now();
  const silence = new AbortController();
  let silent: NodeJS.Timeout | undefined;
  const heard = () => {
    clearTimeout(silent);
    silent = setTimeout(() => silence.abort(new Error(`nothing heard for ${SILENCE_MS / 1000} s`)), SILENCE_MS);
  };
  heard();
  try {
    return await readStream(profile, target, out, signal ? AbortSignal.any([signal, silence.signal]) : silence.signal, heard, opened);
  } finally {
    clearTimeout(silent);
  }
}

async function readStream(profile: Profile, target: string, out: Output, signal: AbortSignal, heard: () => void, opened: number): Promise<boolean> {
  const headers = {
    'X-CAV-Api-Key': profile.api_key,
    accept: 'text/event-stream',
    ...signV3Request({ secret: profile.secret, method: 'GET', target: STREAM_PATH }),
  };
  const response = await fetch(`${profile.base_url.replace(/\/+$/, '')}${STREAM_PATH}`, { headers, signal });
  if (response.status >= 400 && response.status < 500 && !TRANSIENT_STATUSES.has(response.status))
    throw new StreamRefused(`the platform refused the stream: ${response.status} ${await response.text()}`);
  if (!response.ok || !response.body) throw new Error(`answer ${response.status}`);
  let ready = false;
  for await (const { event, data } of serverSentEvents(response.body, heard)) {
    if (event === 'ready') {
      ready = true;
      out.say(`Ready. Forwarding sandbox webhooks of ${profile.merchant_code} to ${target} (Ctrl-C to stop)`);
      continue;
    }
    if (event !== 'webhook') continue;
    const result = await forward(target, JSON.parse(data) as StreamedWebhook);
    out.event(
      result,
      (r: ForwardResult) =>
        `${new Date().toISOString()}  ${r.event_type.padEnd(26)} ${r.event_id}  → ${r.status ?? `failed (${r.error})`}  ${r.duration_ms} ms`,
    );
    // Time spent on the local server is not the platform's silence.
    heard();
  }
  return ready && Date.now() - opened >= STABLE_STREAM_MS;
}
