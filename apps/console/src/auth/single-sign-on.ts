import { Inject, Injectable } from '@nestjs/common';
import { OPERATOR_ROLES, type OperatorRole } from '@platform/contracts';
import type { Logger } from '@platform/observability';
import { Clock, CONFIG, LOGGER } from '@platform/service-kit';
import { openSecret, sealSecret } from '@platform/signing';
import { OidcClient, OidcError, newOidcRequest, sameText, type IdTokenClaims, type OidcRequest } from '@platform/web-auth';
import type { Config } from '../config';
import { CONSOLE_KEY } from './console-key';
import { OperatorAuthService, type ProviderSignIn } from './operator-auth.service';

/** The browser's binding to one sign-in it started: sealed under CONSOLE_KEY in a cookie that lives as long as the sign-in may take. */
export const SSO_COOKIE = 'console_sso';
export const SSO_MINUTES = 10;
const SSO_CONTEXT = 'console.sso';

export type SingleSignOnOutcome = ProviderSignIn | { kind: 'refused'; reason: 'cancelled' | 'not_verified' | 'no_email' | 'unavailable' };

/** The most powerful console role among the claim's values (a string or a list of strings). */
export function roleFromClaim(value: unknown): OperatorRole | undefined {
  const values = typeof value === 'string' ? value.split(/[\s,]+/) : Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  return [...OPERATOR_ROLES].reverse().find((role) => values.includes(role));
}

/** Sign-in through the company's OpenID Connect provider, when CONSOLE_OIDC_ISSUER is set. */
@Injectable()
export class SingleSignOn {
  private readonly client?: OidcClient;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(CONSOLE_KEY) private readonly key: Buffer,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly clock: Clock,
    private readonly auth: OperatorAuthService,
  ) {
    if (config.CONSOLE_OIDC_ISSUER && config.CONSOLE_OIDC_CLIENT_ID) {
      this.client = new OidcClient(
        {
          issuer: config.CONSOLE_OIDC_ISSUER,
          clientId: config.CONSOLE_OIDC_CLIENT_ID,
          clientSecret: config.CONSOLE_OIDC_CLIENT_SECRET?.reveal(),
          redirectUri: `${config.CONSOLE_PUBLIC_URL}/sign-in/sso/callback`,
        },
        () => clock.now(),
      );
    }
  }

  get enabled(): boolean {
    return this.client !== undefined;
  }

  /** Where to send the browser, and the sealed binding the callback must come back with; undefined when the provider cannot be reached. */
  async start(): Promise<{ location: string; binding: string } | undefined> {
    const request = newOidcRequest();
    const binding = sealSecret(JSON.stringify({ ...request, at: this.clock.now().getTime() }), this.key, SSO_CONTEXT);
    try {
      return { location: await this.client!.authorizationUrl(request), binding };
    } catch (error) {
      if (!(error instanceof OidcError)) throw error;
      this.logger.warn({ reason: error.message }, 'single sign-on provider unavailable');
      return undefined;
    }
  }

  async finish(query: Record<string, string | undefined>, binding: string | undefined, correlationId: string): Promise<SingleSignOnOutcome> {
    if (query.error) return { kind: 'refused', reason: 'cancelled' };
    const request = this.requestOf(binding);
    if (!request || !query.state || !query.code || !sameText(query.state, request.state)) return { kind: 'refused', reason: 'not_verified' };
    let claims: IdTokenClaims;
    try {
      claims = await this.client!.signIn(query.code, request);
    } catch (error) {
      if (!(error instanceof OidcError)) throw error;
      this.logger.warn({ reason: error.message, correlation_id: correlationId }, 'single sign-on not verified');
      return { kind: 'refused', reason: error.unreachable ? 'unavailable' : 'not_verified' };
    }
    // Only an address the provider verified names an operator.
    // The address goes into every audit entry as `console:<id> <email>` (at most 200 characters).
    if (typeof claims.email !== 'string' || !claims.email.includes('@') || claims.email.length > 150 || claims.email_verified !== true)
      return { kind: 'refused', reason: 'no_email' };
    return this.auth.signInThroughProvider(
      {
        issuer: claims.iss,
        subject: claims.sub,
        email: claims.email,
        role: roleFromClaim(claims[this.config.CONSOLE_OIDC_ROLES_CLAIM]),
        multiFactor: Array.isArray(claims.amr) && claims.amr.includes('mfa'),
      },
      correlationId,
    );
  }

  private requestOf(binding: string | undefined): OidcRequest | undefined {
    if (!binding) return undefined;
    try {
      const { at, ...request } = JSON.parse(openSecret(binding, this.key, SSO_CONTEXT)) as OidcRequest & { at: number };
      return this.clock.now().getTime() - at <= SSO_MINUTES * 60_000 ? request : undefined;
    } catch {
      return undefined;
    }
  }
}
