/**
 * What the platform's two browser apps (the merchant panel and the operator console) share to
 * know who is signed in: scrypt passwords, RFC 6238 codes, tokens kept only as digests, CSRF
 * before a session, and pages answered without script, framing or caching (ADR 0039).
 */
export * from './address-throttle';
export * from './form-html';
export * from './html-escape';
export * from './oidc';
export * from './password-hash';
export * from './pre-session-forms';
export * from './respond';
export * from './sign-in-counters';
export * from './sign-in-config';
export * from './tokens';
export * from './totp';
