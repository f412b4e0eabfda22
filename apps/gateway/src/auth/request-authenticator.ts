import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError, type ProblemExtras, type RefinedAuditEvent, type RetryClass, Errors } from '@platform/contracts';
import { verifyV3Request, verifyV4Request, type VerifyResult } from '@platform/signing';
import { CONFIG, Clock } from '@platform/service-kit';
import type { Config } from '../config';
import type { AuthenticatedCaller } from './authenticated-caller';
import { CredentialDirectory, type Credential } from './credential-directory';
import { MerchantsService } from '../merchants/merchants.service';

export type SigningScheme = 'v3' | 'v4';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** One 0055501, 0055502 or 0055504 covers several causes: the problem names the precise one. */
function event(audit_event: RefinedAuditEvent, retry_class?: RetryClass): ProblemExtras {
  return { metadata: { audit_event, ...(retry_class ? { retry_class } : {}) } };
}

/**
 * Proves who sent a merchant request. Order: the key and what it is for (0055502),
 * the caller's address (0055501: a caller off the list learns nothing more), the shape
 * and age of timestamp and signature (0055504), the signature itself (0055505).
 */
@Injectable()
export class RequestAuthenticator {
  constructor(
    private readonly directory: CredentialDirectory,
    private readonly keys: MerchantsService,
    @Inject(CONFIG) private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  async authenticate(request: FastifyRequest, scheme: SigningScheme): Promise<AuthenticatedCaller> {
    const prefix = scheme === 'v4' ? 'x-cek' : 'x-cav';
    const credential = await this.usableCredential(header(request, `${prefix}-api-key`));
    if (scheme === 'v4') this.assertV4Identity(request, credential);
    if (!credential.merchantActive)
      throw new ApiError(Errors.AuthCredentialsInvalid, 'The account is not active', event('auth.account_inactive', 'do_not_retry'), 403);
    if (scheme === 'v4' && !credential.directApiEnabled) {
      throw new ApiError(Errors.AuthCredentialsInvalid, 'Direct API access is not open for this environment', event('auth.direct_api_closed'), 403);
    }
    if (!credential.allowlist.allows(request.ip)) {
      throw new ApiError(
        Errors.AuthIpNotAllowed,
        credential.allowlist.empty ? 'The IP allowlist of this environment is empty' : 'The caller address is not on the IP allowlist',
        credential.allowlist.empty ? event('auth.ip_allowlist_empty') : {},
      );
    }
    this.assertSignature(request, scheme, credential);
    // The first request a new key signs confirms it: from then on the platform signs with it.
    if (!credential.firstUsed) await this.keys.confirmFirstUse(credential.apiKey);
    return {
      apiKey: credential.apiKey,
      merchantCode: credential.merchantCode,
      environment: credential.environment,
      accountNumber: credential.accountNumber,
      keyVersion: credential.keyVersion,
      settingsVersion: credential.settingsVersion,
    };
  }

  private async usableCredential(apiKey: string | undefined): Promise<Credential> {
    const credential = apiKey ? await this.directory.find(apiKey) : null;
    if (!credential || (credential.expiresAt && credential.expiresAt.getTime() <= this.clock.now().getTime())) {
      throw new ApiError(Errors.AuthCredentialsInvalid, 'Unknown or retired API key', event('auth.api_key_unknown'));
    }
    return credential;
  }

  private assertV4Identity(request: FastifyRequest, credential: Credential): void {
    if (header(request, 'x-cek-environment') !== credential.environment) {
      throw new ApiError(Errors.AuthCredentialsInvalid, 'X-CEK-Environment does not match the environment of the API key', event('auth.environment_mismatch'));
    }
    const merchantCode = header(request, 'x-cek-merchant-code');
    const required = credential.environment === 'sandbox';
    if ((required || merchantCode !== undefined) && merchantCode !== credential.merchantCode) {
      throw new ApiError(
        Errors.AuthCredentialsInvalid,
        merchantCode === undefined ? 'X-CEK-Merchant-Code is required in sandbox' : 'X-CEK-Merchant-Code does not match the account',
        event(merchantCode === undefined ? 'auth.merchant_code_missing' : 'auth.merchant_code_mismatch'),
      );
    }
  }

  private assertSignature(request: FastifyRequest, scheme: SigningScheme, credential: Credential): void {
    const common = {
      secret: credential.secret,
      method: request.method,
      body: request.rawBody ?? '',
      toleranceSeconds: this.config.TIMESTAMP_TOLERANCE_SECONDS,
    };
    const result: VerifyResult =
      scheme === 'v4'
        ? verifyV4Request({
            ...common,
            path: request.url,
            timestamp: header(request, 'x-cek-timestamp'),
            signature: header(request, 'x-cek-signature'),
          })
        : verifyV3Request({
            ...common,
            target: request.url,
            timestamp: header(request, 'x-cav-timestamp'),
            signature: header(request, 'x-cav-signature'),
          });
    if (result.ok) return;
    switch (result.reason) {
      case 'bad_format':
        throw new ApiError(Errors.AuthHeadersMalformed, 'Timestamp must be 10 digits and the signature 64 lowercase hex characters');
      case 'stale':
        throw new ApiError(
          Errors.AuthHeadersMalformed,
          `Timestamp is more than ${this.config.TIMESTAMP_TOLERANCE_SECONDS} seconds off the platform clock`,
          event('auth.timestamp_out_of_window'),
        );
      case 'mismatch':
        throw new ApiError(
          Errors.AuthSignatureInvalid,
          `The signature does not match: HMAC-SHA256 with the secret of this key over timestamp, uppercase method, ${scheme === 'v4' ? 'path without the query' : 'path with its query'} and SHA-256 hex of the exact body bytes, joined by line feeds`,
        );
    }
  }
}
