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

/** Splits a Server-Sent Events stream into its events. */
async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
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

/**
 * Opens the sandbox webhook stream with the profile's key and forwards every webhook to
 * `target` until `signal` aborts, printing one line (or one JSON object) per webhook.
 */
export async function listen(profile: Profile, target: string, out: Output, signal?: AbortSignal): Promise<void> {
  const headers = {
    'X-CAV-Api-Key': profile.api_key,
    accept: 'text/event-stream',
    ...signV3Request({ secret: profile.secret, method: 'GET', target: STREAM_PATH }),
  };
  const response = await fetch(`${profile.base_url.replace(/\/+$/, '')}${STREAM_PATH}`, { headers, signal });
  if (!response.ok || !response.body) throw new Error(`the platform refused the stream: ${response.status} ${await response.text()}`);
  for await (const { event, data } of serverSentEvents(response.body)) {
    if (event === 'ready') {
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
  }
}
