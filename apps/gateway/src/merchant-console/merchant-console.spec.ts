import { ApiError, Errors } from '@platform/contracts';
import { settingsPatchSchema } from '../admin/admin-schemas';
import { defaultSettings } from '../merchants/merchant-settings';
import { parseOrReject } from '../validation/parse-or-reject';
import { OPERATOR_ONLY_SETTING, consoleApiKey, consoleSettings, consoleSettingsPatchSchema, merchantUserActor } from './merchant-console';

/** The refusal the operator PATCH or the panel's command would answer for `patch`. */
function refusal(schema: Parameters<typeof parseOrReject>[0], patch: unknown) {
  try {
    parseOrReject(schema, patch);
  } catch (error) {
    if (error instanceof ApiError) return error.toWire();
    throw error;
  }
  return undefined;
}

describe('the merchant panel settings patch', () => {
  const panel = consoleSettingsPatchSchema('live', false);
  const operator = settingsPatchSchema('live', false);

  it('accepts the editable fields as the operator schema does', () => {
    const patch = {
      ip_allowlist: ['10.0.0.0/8'],
      webhook_url: 'https://shop.example/hooks',
      success_return_url: null,
      failure_return_url: 'https://shop.example/f',
    };
    expect(parseOrReject(panel, patch)).toEqual(parseOrReject(operator, patch));
    expect(parseOrReject(panel, {})).toEqual({});
  });

  it.each([
    { webhook_url: 'http://shop.example/hooks' },
    { webhook_url: 'not a url', ip_allowlist: ['300.1.1.1'] },
    { success_return_url: 'https://user:pw@shop.example/' },
    { colour: 'red' },
    { ip_allowlist: 'x' },
  ])('refuses %j with the very problem of the operator PATCH', (patch) => {
    const answer = refusal(panel, patch);
    expect(answer).toMatchObject({ code: Errors.RequestSchemaInvalid, status: 422 });
    expect(answer).toEqual(refusal(operator, patch));
  });

  it('refuses every operator field by name, next to any other problem of the patch', () => {
    expect(refusal(panel, { payment_limits: [], direct_api_enabled: true, webhook_url: 'ftp://x' })?.extras.errors).toEqual({
      payment_limits: [OPERATOR_ONLY_SETTING],
      direct_api_enabled: [OPERATOR_ONLY_SETTING],
      webhook_url: ['must use https'],
    });
    for (const field of [
      'card_payments_enabled',
      'setup_complete',
      'settlement_delay_days',
      'withdrawal_min_amount',
      'withdrawal_daily_limit',
      'hosted_page_frame_origins',
    ]) {
      expect(refusal(panel, { [field]: null })?.extras.errors).toEqual({ [field]: [OPERATOR_ONLY_SETTING] });
    }
  });

  it('allows loopback webhooks only where the operator schema does', () => {
    expect(refusal(consoleSettingsPatchSchema('sandbox', true), { webhook_url: 'http://127.0.0.1:9/h' })).toBeUndefined();
    expect(refusal(consoleSettingsPatchSchema('sandbox', false), { webhook_url: 'http://127.0.0.1:9/h' })?.extras.errors).toEqual({
      webhook_url: ['must use https'],
    });
  });
});

describe('the merchant panel views', () => {
  it('shows the settings without fields beyond the console schema', () => {
    const settings = consoleSettings(defaultSettings('MRC-123456', 'sandbox'));
    expect(settings).not.toHaveProperty('hosted_page_frame_origins');
    expect(settings).toMatchObject({ merchant_code: 'MRC-123456', environment: 'sandbox', payment_limits: [], webhook_url: null });
  });

  it('names a key active, retiring or ended by its expiry', () => {
    const now = new Date('2026-11-25T12:00:00.000Z');
    const key = (expires: string | null) =>
      consoleApiKey(
        {
          api_key: 'ck',
          environment: 'live',
          key_version: 2,
          created_at: new Date('2026-11-01T00:00:00.000Z'),
          expires_at: expires ? new Date(expires) : null,
        },
        now,
      );
    expect(key(null)).toEqual({ api_key: 'ck', key_version: 2, created_at: '2026-11-01T00:00:00.000Z', expires_at: null, state: 'active' });
    expect(key('2026-11-25T12:00:01.000Z').state).toBe('retiring');
    expect(key('2026-11-25T12:00:00.000Z').state).toBe('ended');
    expect(key('2026-11-20T00:00:00.000Z').state).toBe('ended');
  });

  it('names a merchant user with both the id and the address', () => {
    expect(merchantUserActor({ user_id: '0b7c7f5e-1f0e-4d43-9a57-0f6f3c6a1d11', email: 'dev@shop.example' })).toBe(
      'merchant-user:0b7c7f5e-1f0e-4d43-9a57-0f6f3c6a1d11 dev@shop.example',
    );
  });
});
