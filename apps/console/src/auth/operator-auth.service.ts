import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { Inject, Injectable } from '@nestjs/common';
import { ApiError, Errors, type OperatorRole } from '@platform/contracts';
import { Clock, CONFIG } from '@platform/service-kit';
import { openSecret, sealSecret } from '@platform/signing';
import { AddressThrottle, PasswordHasher, acceptedStep, newToken, newTotpSecret, tokenDigest } from '@platform/web-auth';
import type { Config } from '../config';
import { OperatorRepository, type OperatorRow, type SessionRow, type SessionStage } from '../operators/operator.repository';
import { CONSOLE_KEY } from './console-key';

export interface SignedIn {
  session: SessionRow;
  operator: OperatorRow;
}

export type SignInOutcome =
  { kind: 'signed_in'; token: string; stage: SessionStage } | { kind: 'wrong' } | { kind: 'locked'; until: Date } | { kind: 'throttled'; until: Date };

/** A sign-in through the OpenID Connect provider: signed in, or why not. */
export type ProviderRefusal = 'no_role' | 'mfa_required' | 'inactive' | 'locked' | 'other_person';
export type ProviderSignIn = { kind: 'signed_in'; token: string } | { kind: 'refused'; reason: ProviderRefusal };

/** Who the OpenID Connect provider says signed in, from its checked ID token. */
export interface ProviderPerson {
  issuer: string;
  subject: string;
  email: string;
  /** The most powerful console role the provider gives the person, if any. */
  role: OperatorRole | undefined;
  /** The provider authenticated the person with more than one factor (RFC 8176 `mfa` in `amr`). */
  multiFactor: boolean;
}

const TOTP_CONTEXT = 'console.totp';

/** The actor every service's audit entry names for a console operator: who, not which token. */
export function operatorActor(operator: Pick<OperatorRow, 'id' | 'email'>): string {
  return `console:${operator.id} ${operator.email}`;
}

/**
 * Who an operator is, proven: a password and always a second factor. An operator without one
 * enrols at the first sign-in before any page opens; there is no way to turn it off, only an
 * admin's reset (a new set-up link) that makes the operator enrol again.
 */
@Injectable()
export class OperatorAuthService {
  private readonly hasher: PasswordHasher;
  private decoyHash: Promise<string> | undefined;

  constructor(
    private readonly operators: OperatorRepository,
    private readonly throttle: AddressThrottle,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(CONSOLE_KEY) private readonly key: Buffer,
  ) {
    this.hasher = new PasswordHasher(config.PASSWORD_HASH_COST);
  }

  async signIn(email: string, password: string, address: string, correlationId: string): Promise<SignInOutcome> {
    return this.throttle.limit(address, () => this.checkPassword(email, password, correlationId));
  }

  private async checkPassword(email: string, password: string, correlationId: string): Promise<SignInOutcome> {
    const now = this.clock.now();
    const operator = await this.operators.byEmail(this.operators.dataSource, email.trim());
    // An operator of the company sign-in has no console password: the provider decides who they are and their role.
    if (!operator || operator.status !== 'active' || !operator.password_hash || operator.idp_subject) {
      this.decoyHash ??= this.hasher.hash(newToken());
      await this.hasher.verify(password, await this.decoyHash);
      return { kind: 'wrong' };
    }
    if (operator.locked_until && operator.locked_until > now) return { kind: 'locked', until: operator.locked_until };
    if (!(await this.hasher.verify(password, operator.password_hash))) return this.failed(operator, 'sign_in.wrong_password', correlationId);
    const stage: SessionStage = operator.totp_secret_sealed ? 'code' : 'enrol';
    // Wrong codes keep counting across passwords: only a right code (or enrolling) clears the count.
    const changes: Partial<OperatorRow> = stage === 'enrol' ? { failed_sign_ins: 0, locked_until: null } : {};
    if (this.hasher.needsRehash(operator.password_hash)) changes.password_hash = await this.hasher.hash(password);
    const token = newToken();
    await this.operators.dataSource.transaction(async (tx) => {
      await this.operators.update(tx, operator.id, changes);
      await this.operators.insertSession(tx, this.newSession(token, operator.id, stage, now));
      await this.operators.audit(tx, { ...this.who(operator), action: 'sign_in.password', correlation_id: correlationId });
    });
    return { kind: 'signed_in', token, stage };
  }

  /** The TOTP code after the password: a right one replaces the session with a signed-in one. */
  async secondFactor(current: SignedIn, code: string, address: string, correlationId: string): Promise<SignInOutcome> {
    return this.throttle.limit(address, async () => {
      const { operator } = current;
      // The console's own second factor is never a linked operator's: the provider's is.
      if (current.session.stage !== 'code' || !operator.totp_secret_sealed || operator.idp_subject) return { kind: 'wrong' };
      const now = this.clock.now();
      if (operator.locked_until && operator.locked_until > now) {
        await this.operators.deleteSession(current.session.token_sha256);
        return { kind: 'locked', until: operator.locked_until };
      }
      const lastStep = operator.totp_last_step === null ? null : Number(operator.totp_last_step);
      const step = acceptedStep(this.openTotp(operator.totp_secret_sealed), code.trim(), now, lastStep);
      if (step === undefined) {
        const outcome = await this.failed(operator, 'sign_in.wrong_code', correlationId);
        if (outcome.kind === 'locked') await this.operators.deleteSession(current.session.token_sha256);
        return outcome;
      }
      const promoted = await this.promote(current, { failed_sign_ins: 0, locked_until: null }, 'sign_in.second_factor', correlationId, (tx) =>
        this.operators.counters.useTotpStep(tx, operator.id, step),
      );
      return promoted ?? this.failed(operator, 'sign_in.code_reused', correlationId);
    });
  }

  /** A new TOTP secret for an enrolling session; nothing changes for the operator until a code proves the app has it. */
  async startEnrolment(current: SignedIn): Promise<string> {
    const secret = newTotpSecret();
    await this.operators.updateSession(this.operators.dataSource, current.session.token_sha256, { pending_totp_secret_sealed: this.sealTotp(secret) });
    return secret;
  }

  pendingTotp(current: SignedIn): string | undefined {
    return current.session.pending_totp_secret_sealed ? this.openTotp(current.session.pending_totp_secret_sealed) : undefined;
  }

  /** The first code from the operator's app: the secret becomes theirs and the session signs in. */
  async confirmEnrolment(current: SignedIn, code: string, correlationId: string): Promise<SignInOutcome> {
    // A session that began before the operator enrolled elsewhere may not replace that second
    // factor, and a linked operator's second factor is the provider's.
    if (current.operator.totp_secret_sealed || current.operator.idp_subject) {
      await this.operators.deleteSession(current.session.token_sha256);
      return { kind: 'wrong' };
    }
    const secret = this.pendingTotp(current);
    if (current.session.stage !== 'enrol' || !secret) return { kind: 'wrong' };
    const step = acceptedStep(secret, code.trim(), this.clock.now(), null);
    if (step === undefined) return { kind: 'wrong' };
    const sealed = this.sealTotp(secret);
    const promoted = await this.promote(current, { failed_sign_ins: 0, locked_until: null }, 'two_factor.enrolled', correlationId, (tx) =>
      this.operators.enrolTotp(tx, current.operator.id, sealed, step),
    );
    return promoted ?? { kind: 'wrong' };
  }

  /**
   * The session becomes a signed-in one (a new token; the old one stops working) if `claim`
   * holds in the same transaction: the code's step not used meanwhile, no second factor enrolled
   * by another session. Undefined, and nothing changed, when it does not.
   */
  private async promote(
    current: SignedIn,
    changes: Partial<OperatorRow>,
    action: string,
    correlationId: string,
    claim: (tx: EntityManager) => Promise<boolean>,
  ): Promise<SignInOutcome | undefined> {
    const token = newToken();
    const claimed = await this.operators.dataSource.transaction(async (tx) => {
      if (!(await claim(tx))) return false;
      await this.operators.update(tx, current.operator.id, changes);
      await this.operators.deleteSession(current.session.token_sha256, tx);
      await this.operators.insertSession(tx, this.newSession(token, current.operator.id, 'signed_in', this.clock.now()));
      await this.operators.audit(tx, { ...this.who(current.operator), action, correlation_id: correlationId });
      return true;
    });
    return claimed ? { kind: 'signed_in', token, stage: 'signed_in' } : undefined;
  }

  /**
   * A person the company's OpenID Connect provider vouched for: the operator linked to the
   * provider's subject, or a new one on the first sign-in, with the role the provider gives them
   * now. An existing operator is never taken over by e-mail (a password admin stays the console's
   * own). Only a sign-in the provider says used more than one factor (`amr` has `mfa`) is taken:
   * the console's own code cannot stand in, since whoever holds the provider's password could
   * enrol an app of their own. Without a console role the person's sessions end; an operator an
   * admin disabled stays out. Every outcome is audited.
   */
  async signInThroughProvider(person: ProviderPerson, correlationId: string): Promise<ProviderSignIn> {
    const email = person.email.trim().toLowerCase();
    const provider = `idp:${person.issuer}`;
    const token = newToken();
    const now = this.clock.now();
    return this.operators.dataSource.transaction(async (tx): Promise<ProviderSignIn> => {
      let operator = await this.operators.byIdpSubject(tx, person.issuer, person.subject);
      const refuse = async (reason: ProviderRefusal): Promise<ProviderSignIn> => {
        await this.operators.audit(tx, {
          operator_id: operator?.id ?? null,
          actor: `${provider} ${email}`,
          action: 'sign_in.idp_refused',
          details: { reason, subject: person.subject },
          correlation_id: correlationId,
        });
        return { kind: 'refused', reason };
      };
      if (!person.multiFactor) return refuse('mfa_required');
      if (!operator) {
        if (await this.operators.byEmail(tx, email)) return refuse('other_person');
        if (!person.role) return refuse('no_role');
        operator = await this.operators.insert(tx, { id: randomUUID(), email, role: person.role, created_by: provider });
        // Another operator took the address between the read and the insert.
        if (!operator) return refuse('other_person');
        await this.operators.update(tx, operator.id, { status: 'active', idp_issuer: person.issuer, idp_subject: person.subject });
        await this.operators.audit(tx, {
          operator_id: null,
          actor: provider,
          action: 'operator.created',
          details: { operator_id: operator.id, email, role: person.role },
          correlation_id: correlationId,
        });
      } else {
        if (!person.role) {
          await this.operators.deleteSessionsOf(tx, operator.id);
          return refuse('no_role');
        }
        if (operator.status !== 'active') return refuse('inactive');
        if (operator.locked_until && operator.locked_until > now) return refuse('locked');
        if (operator.role !== person.role) {
          await this.operators.update(tx, operator.id, { role: person.role });
          await this.operators.audit(tx, {
            operator_id: null,
            actor: provider,
            action: 'operator.role_changed',
            details: { operator_id: operator.id, email: operator.email, role_before: operator.role, role_after: person.role },
            correlation_id: correlationId,
          });
        }
      }
      await this.operators.insertSession(tx, this.newSession(token, operator.id, 'signed_in', now));
      await this.operators.audit(tx, {
        ...this.who(operator),
        action: 'sign_in.idp',
        details: { subject: person.subject },
        correlation_id: correlationId,
      });
      return { kind: 'signed_in', token };
    });
  }

  async session(token: string | undefined): Promise<SignedIn | undefined> {
    if (!token) return undefined;
    return this.operators.liveSession(tokenDigest(token), this.clock.now(), this.config.SESSION_IDLE_MINUTES, this.config.SESSION_MAX_HOURS);
  }

  async signOut(current: SignedIn, correlationId: string): Promise<void> {
    await this.operators.dataSource.transaction(async (tx) => {
      await this.operators.deleteSession(current.session.token_sha256, tx);
      await this.operators.audit(tx, { ...this.who(current.operator), action: 'sign_out', correlation_id: correlationId });
    });
  }

  /**
   * A new operator, invited with a set-up link (returned, to hand over; never stored but as its
   * digest). `createdBy` is the admin's actor, or `console:create-admin` for the first one.
   */
  async createOperator(input: { email: string; role: OperatorRole; createdBy: string; creatorId: string | null }, correlationId: string) {
    const email = input.email.trim().toLowerCase();
    return this.operators.dataSource.transaction(async (tx) => {
      // The creating admin as the locks see it: one disabled or demoted meanwhile adds nobody.
      if (input.creatorId !== null && !(await this.operators.lockAdmins(tx)).some((admin) => admin.id === input.creatorId))
        throw new ApiError(Errors.OperatorRoleForbidden, 'Only an active admin adds operators');
      const operator = await this.operators.insert(tx, { id: randomUUID(), email, role: input.role, created_by: input.createdBy });
      if (!operator)
        throw new ApiError(Errors.ResourceStateConflict, 'An operator with this e-mail address already exists', {
          errors: { email: ['already has an operator'] },
        });
      const link = await this.newLink(tx, operator.id);
      await this.operators.audit(tx, {
        operator_id: input.creatorId,
        actor: input.createdBy,
        action: 'operator.created',
        details: { operator_id: operator.id, email, role: input.role },
        correlation_id: correlationId,
      });
      return { operator, link };
    });
  }

  /**
   * An admin's change of another operator: a new role, disabled (every session ends), or reset
   * (a new set-up link; the password and second factor are set again). Never the admin's own
   * account, and never the last active admin.
   */
  async manageOperator(current: SignedIn, operatorId: string, change: { role: OperatorRole } | 'disable' | 'reset', correlationId: string) {
    return this.operators.dataSource.transaction(async (tx) => {
      const admins = await this.operators.lockAdmins(tx);
      // The acting admin as the locks see it: one disabled or demoted meanwhile acts no more.
      if (!admins.some((admin) => admin.id === current.operator.id)) throw new ApiError(Errors.OperatorRoleForbidden, 'Only an active admin manages operators');
      const target = await this.operators.byId(tx, operatorId, true);
      if (!target) throw new ApiError(Errors.ResourceNotFound, 'No such operator');
      if (target.id === current.operator.id)
        throw new ApiError(Errors.ResourceStateConflict, 'You cannot change your own account', { errors: { operator: ['is your own account'] } });
      if (target.status === 'disabled')
        throw new ApiError(Errors.ResourceStateConflict, 'This operator is disabled; add them again if they return', { errors: { operator: ['is disabled'] } });
      // The company sign-in decides who a linked operator is and their role; the console can only shut them out.
      if (target.idp_subject && change !== 'disable')
        throw new ApiError(Errors.ResourceStateConflict, 'This operator signs in through the company sign-in: change their role or access there', {
          errors: { operator: ['signs in through the company sign-in'] },
        });
      // Disabled, reset (not able to sign in until the new link is used) or demoted: one admin fewer.
      const losesAdmin = target.role === 'admin' && target.status === 'active' && (typeof change !== 'object' || change.role !== 'admin');
      if (losesAdmin && admins.filter((admin) => admin.id !== target.id).length === 0) {
        throw new ApiError(Errors.ResourceStateConflict, 'The console would be left without an admin', { errors: { role: ['the last admin stays an admin'] } });
      }
      let link: string | undefined;
      if (change === 'disable') {
        await this.operators.update(tx, target.id, { status: 'disabled' });
        await this.operators.deleteSessionsOf(tx, target.id);
        await this.operators.useLinks(tx, target.id, this.clock.now());
      } else if (change === 'reset') {
        await this.operators.update(tx, target.id, {
          password_hash: null,
          totp_secret_sealed: null,
          totp_last_step: null,
          status: 'invited',
          failed_sign_ins: 0,
          locked_until: null,
        });
        await this.operators.deleteSessionsOf(tx, target.id);
        // Links handed out before stop working: only the new one sets the password.
        await this.operators.useLinks(tx, target.id, this.clock.now());
        link = await this.newLink(tx, target.id);
      } else {
        await this.operators.update(tx, target.id, { role: change.role });
      }
      const action = change === 'disable' ? 'operator.disabled' : change === 'reset' ? 'operator.reset' : 'operator.role_changed';
      await this.operators.audit(tx, {
        ...this.who(current.operator),
        action,
        details: { operator_id: target.id, email: target.email, role_before: target.role, ...(typeof change === 'object' ? { role_after: change.role } : {}) },
        correlation_id: correlationId,
      });
      return { operator: target, link };
    });
  }

  async linkOperator(token: string): Promise<OperatorRow | undefined> {
    const operatorId = await this.operators.openLink(this.operators.dataSource, tokenDigest(token), this.clock.now());
    const operator = operatorId ? await this.operators.byId(this.operators.dataSource, operatorId) : undefined;
    // A linked operator has no console password to set.
    return operator?.idp_subject ? undefined : operator;
  }

  /** Sets the password through a set-up link, which is used up; the operator enrols a second factor at the next sign-in. */
  async setPasswordByLink(token: string, password: string, correlationId: string): Promise<boolean> {
    const now = this.clock.now();
    const hash = await this.hasher.hash(password);
    return this.operators.dataSource.transaction(async (tx) => {
      const operatorId = await this.operators.openLink(tx, tokenDigest(token), now, true);
      if (!operatorId) return false;
      const operator = (await this.operators.byId(tx, operatorId, true))!;
      if (operator.status === 'disabled' || operator.idp_subject) return false;
      await this.operators.useLinks(tx, operator.id, now);
      await this.operators.update(tx, operator.id, { password_hash: hash, status: 'active', failed_sign_ins: 0, locked_until: null });
      await this.operators.deleteSessionsOf(tx, operator.id);
      await this.operators.audit(tx, { ...this.who(operator), action: 'operator.password_set', correlation_id: correlationId });
      return true;
    });
  }

  async audit(current: SignedIn, action: string, details: object, correlationId: string): Promise<void> {
    await this.operators.audit(this.operators.dataSource, { ...this.who(current.operator), action, details, correlation_id: correlationId });
  }

  private async newLink(tx: Parameters<OperatorRepository['insertLink']>[0], operatorId: string): Promise<string> {
    const token = newToken();
    const now = this.clock.now();
    await this.operators.insertLink(tx, {
      token_sha256: tokenDigest(token),
      operator_id: operatorId,
      created_at: now,
      expires_at: new Date(now.getTime() + this.config.SETUP_LINK_HOURS * 3_600_000),
    });
    return `${this.config.CONSOLE_PUBLIC_URL}/setup/${token}`;
  }

  private async failed(operator: OperatorRow, action: string, correlationId: string): Promise<SignInOutcome> {
    const until = new Date(this.clock.now().getTime() + this.config.SIGN_IN_LOCK_MINUTES * 60_000);
    const lock = await this.operators.dataSource.transaction(async (tx) => {
      const failures = await this.operators.counters.countFailure(tx, operator.id);
      const locks = failures >= this.config.SIGN_IN_MAX_FAILURES;
      if (locks) await this.operators.update(tx, operator.id, { failed_sign_ins: 0, locked_until: until });
      await this.operators.audit(tx, {
        ...this.who(operator),
        action: locks ? 'account.locked' : action,
        details: { failures },
        correlation_id: correlationId,
      });
      return locks;
    });
    return lock ? { kind: 'locked', until } : { kind: 'wrong' };
  }

  private newSession(token: string, operatorId: string, stage: SessionStage, now: Date): SessionRow {
    return {
      token_sha256: tokenDigest(token),
      operator_id: operatorId,
      csrf_token: newToken(),
      stage,
      pending_totp_secret_sealed: null,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + Math.min(this.config.SESSION_IDLE_MINUTES * 60_000, this.config.SESSION_MAX_HOURS * 3_600_000)),
    };
  }

  private who(operator: OperatorRow) {
    return { operator_id: operator.id, actor: operatorActor(operator) };
  }

  private sealTotp(secret: string): string {
    return sealSecret(secret, this.key, TOTP_CONTEXT);
  }

  private openTotp(sealed: string): string {
    return openSecret(sealed, this.key, TOTP_CONTEXT);
  }
}
