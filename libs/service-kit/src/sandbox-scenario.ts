import { ApiError, Errors } from '@platform/contracts';

/** The API's name of the sandbox scenario: a header, outside the signed string, inside the Idempotency-Key fingerprint. */
export const SANDBOX_SCENARIO_HEADER = 'X-CAV-Sandbox-Scenario';

/**
 * A sandbox scenario as the API takes it: absent, or a value the endpoint knows, and only for
 * sandbox (422 1000001 otherwise). The gateway checks the header with it and the merchant
 * panel its form's choice, so both refuse the same requests with the same words; `field`
 * names where the refusal is shown.
 */
export function sandboxScenarioOf<T extends string>(
  value: string | undefined,
  environment: string,
  allowed: readonly T[],
  field: string = SANDBOX_SCENARIO_HEADER,
): T | null {
  if (value === undefined) return null;
  const refuse = (message: string) => new ApiError(Errors.RequestSchemaInvalid, `${SANDBOX_SCENARIO_HEADER} ${message}`, { errors: { [field]: [message] } });
  if (environment !== 'sandbox') throw refuse('is for sandbox keys only');
  if (!(allowed as readonly string[]).includes(value)) throw refuse(`must be one of ${allowed.join(', ')}`);
  return value as T;
}
