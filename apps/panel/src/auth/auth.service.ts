import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ApiError, Errors, PanelInvitationRecorded, type PanelRole } from '@platform/contracts';
import { openSecret, sealSecret } from '@platform/signing';
import { Clock, CONFIG, LOGGER } from '@platform/service-kit';
import { OutboxWriter } from '@platform/messaging';
import type { Logger } from '@platform/observability';
import type { Config } from '../config';
import { MailSender } from '../mail/mail-sender';
import { UserRepository, type Language, type SessionRow, type UserRow } from '../users/user.repository';
import { PANEL_KEY } from './panel-key';
import { AddressThrottle, PasswordHasher, newToken, tokenDigest, acceptedStep, newTotpSecret } from '@platform/web-auth';

const invitations = new OutboxWriter('panel');

export interface SignedIn {
  session: SessionRow;
  user: UserRow;
}

/** `locked`: the account waits out its lock; `throttled`: the client address made too many failed attempts, whatever the accounts. */
export type SignInOutcome =
  { kind: 'signed_in'; token: string; secondFactor: boolean } | { kind: 'wrong' } | { kind: 'locked'; until: Date } | { kind: 'throttled'; until: Date };

const INVITATION_HOURS = 72;
const RESET_MINUTES = 60;
/** Reset mails per address per hour: enough for a lost mail, too few to flood an inbox. */
const RESETS_PER_HOUR = 3;
const TOTP_CONTEXT = 'panel.totp';

/** Who a merchant user is, proven: passwords, the second factor, sessions and one-time links. */
@Injectable()
export class AuthService {
  private readonly hasher: PasswordHasher;
  /** Verified against when no user has the address, so a wrong address takes as long as a wrong password. */
  private decoyHash: Promise<string> | undefined;

  constructor(
    private readonly users: UserRepository,
    private readonly mail: MailSender,
    private readonly throttle: AddressThrottle,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(PANEL_KEY) private readonly panelKey: Buffer,
  ) {
    this.hasher = new PasswordHasher(config.PASSWORD_HASH_COST);
  }

  /** The password step, from the client `address`: any failure counts toward that address's limit as well as the account's. */
  async signIn(email: string, password: string, address: string, correlationId: string): Promise<SignInOutcome> {
    return this.throttle.limit(address, () => this.checkPassword(email, password, correlationId));
  }

  private async checkPassword(email: string, password: string, correlationId: string): Promise<SignInOutcome> {
    const now = this.clock.now();
    const user = await this.users.byEmail(this.users.dataSource, email.trim());
    if (!user || user.status !== 'active' || !user.password_hash) {
      this.decoyHash ??= this.hasher.hash(newToken());
      await this.hasher.verify(password, await this.decoyHash);
      return { kind: 'wrong' };
    }
    if (user.locked_until && user.locked_until > now) return { kind: 'locked', until: user.locked_until };
    if (!(await this.hasher.verify(password, user.password_hash))) return this.failed(user, 'sign_in.wrong_password', correlationId);
    // With a second factor, wrong codes keep counting across passwords: only a right code clears the count.
    const changes: Partial<UserRow> = user.totp_secret_sealed ? {} : { failed_sign_ins: 0, locked_until: null };
    if (this.hasher.needsRehash(user.password_hash)) changes.password_hash = await this.hasher.hash(password);
    const token = newToken();
    await this.users.dataSource.transaction(async (tx) => {
      await this.users.update(tx, user.id, changes);
      await this.users.insertSession(tx, this.newSession(token, user.id, !user.totp_secret_sealed, now));
      await this.users.audit(tx, { ...this.who(user), action: 'sign_in.password', correlation_id: correlationId });
    });
    return { kind: 'signed_in', token, secondFactor: !!user.totp_secret_sealed };
  }

  /**
   * The code of the second step. A right code replaces the session with a new one (the token
   * that only knew the password stops working); wrong codes count toward the lock like
   * wrong passwords, and the lock ends the session.
   */
  async secondFactor(current: SignedIn, code: string, address: string, correlationId: string): Promise<SignInOutcome> {
    return this.throttle.limit(address, () => this.checkCode(current, code, correlationId));
  }

  private async checkCode(current: SignedIn, code: string, correlationId: string): Promise<SignInOutcome> {
    const { user } = current;
    if (!user.totp_secret_sealed) return { kind: 'wrong' };
    const now = this.clock.now();
    if (user.locked_until && user.locked_until > now) {
      await this.users.deleteSession(current.session.token_sha256);
      return { kind: 'locked', until: user.locked_until };
    }
    const step = acceptedStep(this.openTotp(user.totp_secret_sealed), code.trim(), now, user.totp_last_step === null ? null : Number(user.totp_last_step));
    if (step === undefined) {
      const outcome = await this.failed(user, 'sign_in.wrong_code', correlationId);
      if (outcome.kind === 'locked') await this.users.deleteSession(current.session.token_sha256);
      return outcome;
    }
    const token = newToken();
    const fresh = await this.users.dataSource.transaction(async (tx) => {
      // The step is taken only if no request took it (or a later one) meanwhile: a code works once, even sent twice at once.
      if (!(await this.users.counters.useTotpStep(tx, user.id, step))) return false;
      await this.users.update(tx, user.id, { failed_sign_ins: 0, locked_until: null });
      await this.users.deleteSession(current.session.token_sha256, tx);
      await this.users.insertSession(tx, { ...this.newSession(token, user.id, true, now), environment: current.session.environment });
      await this.users.audit(tx, { ...this.who(user), action: 'sign_in.second_factor', correlation_id: correlationId });
      return true;
    });
    if (!fresh) return this.failed(user, 'sign_in.code_reused', correlationId);
    return { kind: 'signed_in', token, secondFactor: false };
  }

  async session(token: string | undefined): Promise<SignedIn | undefined> {
    if (!token) return undefined;
    return this.users.liveSession(tokenDigest(token), this.clock.now(), this.config.SESSION_IDLE_MINUTES, this.config.SESSION_MAX_HOURS);
  }

  async signOut(current: SignedIn, correlationId: string): Promise<void> {
    await this.users.deleteSession(current.session.token_sha256);
    await this.users.audit(this.users.dataSource, { ...this.who(current.user), action: 'sign_out', correlation_id: correlationId });
  }

  async signOutEverywhere(current: SignedIn, correlationId: string): Promise<number> {
    return this.users.dataSource.transaction(async (tx) => {
      const ended = await this.users.deleteSessionsOf(tx, current.user.id);
      await this.users.audit(tx, { ...this.who(current.user), action: 'sign_out.everywhere', details: { sessions: ended }, correlation_id: correlationId });
      return ended;
    });
  }

  async setEnvironment(current: SignedIn, environment: 'sandbox' | 'live'): Promise<void> {
    await this.users.updateSession(this.users.dataSource, current.session.token_sha256, { environment });
  }

  async setLanguage(current: SignedIn, language: Language): Promise<void> {
    await this.users.update(this.users.dataSource, current.user.id, { language });
  }

  /** A new user of the merchant, and the mail with the link that sets the password. */
  async invite(input: { merchant_code: string; email: string; role: PanelRole; invited_by: string; inviter_user_id: string | null }, correlationId: string) {
    const email = input.email.trim().toLowerCase();
    const now = this.clock.now();
    const token = newToken();
    const user = await this.users.dataSource.transaction(async (tx) => {
      const inserted = await this.users.insertUser(tx, {
        id: randomUUID(),
        merchant_code: input.merchant_code,
        email,
        role: input.role,
        invited_by: input.invited_by,
      });
      if (!inserted)
        throw new ApiError(Errors.ResourceStateConflict, 'A user with this e-mail address already exists', { errors: { email: ['already has a user'] } });
      await this.users.insertLink(tx, {
        token_sha256: tokenDigest(token),
        user_id: inserted.id,
        purpose: 'invitation',
        created_at: now,
        expires_at: new Date(now.getTime() + INVITATION_HOURS * 3_600_000),
      });
      await this.users.audit(tx, {
        merchant_code: input.merchant_code,
        user_id: input.inviter_user_id,
        actor: input.invited_by,
        action: 'user.invited',
        details: { user_id: inserted.id, email, role: input.role },
        correlation_id: correlationId,
      });
      if (input.inviter_user_id === null) {
        // An operator's invitation: the gateway's audit log has it exactly when the user exists (ADR 0039).
        await invitations.append(tx, {
          event: PanelInvitationRecorded,
          key: input.merchant_code,
          payload: {
            actor: input.invited_by,
            merchant_code: input.merchant_code,
            correlation_id: correlationId,
            user: { user_id: inserted.id, email, role: input.role, invited_at: inserted.created_at.toISOString() },
          },
        });
      }
      return inserted;
    });
    await this.mail.send({
      to: email,
      subject: 'You are invited to the Card Platform merchant panel / Card Platform üye işyeri paneline davet edildiniz',
      text: [
        `You were invited to merchant ${input.merchant_code} as ${input.role}. Set your password within ${INVITATION_HOURS} hours:`,
        `${input.merchant_code} üye işyerine ${input.role} olarak davet edildiniz. Parolanızı ${INVITATION_HOURS} saat içinde belirleyin:`,
        '',
        `${this.config.PANEL_PUBLIC_URL}/invitation/${token}`,
      ].join('\n'),
    });
    return user;
  }

  /** The user a one-time link stands for, if it still works (nothing is used up by looking). */
  async linkUser(token: string, purpose: 'invitation' | 'password_reset'): Promise<UserRow | undefined> {
    const userId = await this.users.openLink(this.users.dataSource, tokenDigest(token), purpose, this.clock.now());
    return userId ? this.users.byId(this.users.dataSource, userId) : undefined;
  }

  /**
   * Sets the password through a one-time link (an invitation or a reset): the link is used
   * up, the lock is lifted and every session of the user ends. False when the link no longer works.
   */
  async setPasswordByLink(token: string, purpose: 'invitation' | 'password_reset', password: string, correlationId: string): Promise<boolean> {
    const now = this.clock.now();
    const hash = await this.hasher.hash(password);
    return this.users.dataSource.transaction(async (tx) => {
      const userId = await this.users.openLink(tx, tokenDigest(token), purpose, now);
      if (!userId) return false;
      const user = (await this.users.byId(tx, userId, true))!;
      await this.users.useLink(tx, tokenDigest(token), now);
      await this.users.update(tx, user.id, { password_hash: hash, status: 'active', failed_sign_ins: 0, locked_until: null });
      const ended = await this.users.deleteSessionsOf(tx, user.id);
      await this.users.audit(tx, {
        ...this.who(user),
        action: purpose === 'invitation' ? 'user.invitation_accepted' : 'password.reset',
        details: { sessions_ended: ended },
        correlation_id: correlationId,
      });
      return true;
    });
  }

  /** A signed-in user's new password, proven by the current one; every other session of the user ends. */
  async changePassword(current: SignedIn, currentPassword: string, newPassword: string, correlationId: string): Promise<boolean> {
    const { user } = current;
    if (!user.password_hash || !(await this.hasher.verify(currentPassword, user.password_hash))) {
      await this.failed(user, 'password.change_wrong_password', correlationId);
      return false;
    }
    const hash = await this.hasher.hash(newPassword);
    await this.users.dataSource.transaction(async (tx) => {
      await this.users.update(tx, user.id, { password_hash: hash });
      const ended = await this.users.deleteSessionsOf(tx, user.id, current.session.token_sha256);
      await this.users.audit(tx, { ...this.who(user), action: 'password.changed', details: { other_sessions_ended: ended }, correlation_id: correlationId });
    });
    return true;
  }

  /** Mails a reset link when the address has an active user; says nothing either way. */
  /**
   * A reset link by mail, at most RESETS_PER_HOUR an hour. Everything happens after the answer:
   * the page answers as fast for an address with a user as for one without.
   */
  requestReset(email: string, correlationId: string): void {
    void this.sendResetLink(email, correlationId).catch((error: unknown) => this.logger.error({ err: error }, 'the password reset request failed'));
  }

  private async sendResetLink(email: string, correlationId: string): Promise<void> {
    const user = await this.users.byEmail(this.users.dataSource, email.trim());
    if (!user || user.status !== 'active') return;
    const now = this.clock.now();
    const token = newToken();
    const made = await this.users.dataSource.transaction(async (tx) => {
      // The user's row is the lock: requests at once count one another's links.
      await tx.query('SELECT id FROM panel.users WHERE id = $1 FOR UPDATE', [user.id]);
      if ((await this.users.recentLinks(user.id, 'password_reset', new Date(now.getTime() - 3_600_000), tx)) >= RESETS_PER_HOUR) return false;
      await this.users.insertLink(tx, {
        token_sha256: tokenDigest(token),
        user_id: user.id,
        purpose: 'password_reset',
        created_at: now,
        expires_at: new Date(now.getTime() + RESET_MINUTES * 60_000),
      });
      await this.users.audit(tx, { ...this.who(user), action: 'password.reset_requested', correlation_id: correlationId });
      return true;
    });
    if (!made) return;
    await this.mail.send({
      to: user.email,
      subject: 'Reset your Card Platform panel password / Card Platform panel parolanızı sıfırlayın',
      text: [
        `Someone asked to reset the password of ${user.email}. The link works once, for ${RESET_MINUTES} minutes; ignore this mail if it was not you.`,
        `${user.email} için parola sıfırlama istendi. Bağlantı ${RESET_MINUTES} dakika boyunca bir kez çalışır; siz istemediyseniz bu e-postayı yok sayın.`,
        '',
        `${this.config.PANEL_PUBLIC_URL}/password-reset/${token}`,
      ].join('\n'),
    });
  }

  /** A new TOTP secret for the session to confirm; nothing changes for the user until a code proves the app has it. */
  async startTotp(current: SignedIn): Promise<string> {
    const secret = newTotpSecret();
    await this.users.updateSession(this.users.dataSource, current.session.token_sha256, { pending_totp_secret_sealed: this.sealTotp(secret) });
    return secret;
  }

  pendingTotp(current: SignedIn): string | undefined {
    return current.session.pending_totp_secret_sealed ? this.openTotp(current.session.pending_totp_secret_sealed) : undefined;
  }

  async confirmTotp(current: SignedIn, code: string, correlationId: string): Promise<boolean> {
    const secret = this.pendingTotp(current);
    if (!secret) return false;
    const step = acceptedStep(secret, code.trim(), this.clock.now(), null);
    if (step === undefined) return false;
    await this.users.dataSource.transaction(async (tx) => {
      await this.users.update(tx, current.user.id, { totp_secret_sealed: this.sealTotp(secret), totp_last_step: String(step) });
      await this.users.updateSession(tx, current.session.token_sha256, { pending_totp_secret_sealed: null });
      await this.users.audit(tx, { ...this.who(current.user), action: 'two_factor.enabled', correlation_id: correlationId });
    });
    return true;
  }

  /** Turning the second factor off takes a current code, so a stolen session alone cannot. */
  async disableTotp(current: SignedIn, code: string, correlationId: string): Promise<boolean> {
    const { user } = current;
    if (!user.totp_secret_sealed) return true;
    const step = acceptedStep(
      this.openTotp(user.totp_secret_sealed),
      code.trim(),
      this.clock.now(),
      user.totp_last_step === null ? null : Number(user.totp_last_step),
    );
    if (step === undefined) return false;
    await this.users.dataSource.transaction(async (tx) => {
      await this.users.update(tx, user.id, { totp_secret_sealed: null, totp_last_step: null });
      await this.users.audit(tx, { ...this.who(user), action: 'two_factor.disabled', correlation_id: correlationId });
    });
    return true;
  }

  /**
   * An owner changes a user's role or removes the user (every session and link goes with it).
   * Never the owner's own account, and never so that the merchant is left without an owner.
   */
  async manageUser(current: SignedIn, userId: string, change: { role: PanelRole } | 'remove', correlationId: string): Promise<UserRow> {
    return this.users.dataSource.transaction(async (tx) => {
      const team = await this.users.lockMerchantUsers(tx, current.user.merchant_code);
      const target = team.find((user) => user.id === userId);
      if (!target) throw new ApiError(Errors.ResourceNotFound, 'No such user of this merchant');
      if (target.id === current.user.id)
        throw new ApiError(Errors.ResourceStateConflict, 'You cannot change or remove your own account', { errors: { user: ['is your own account'] } });
      const ownersLeft = team.filter((user) => user.role === 'owner' && user.id !== target.id).length;
      if (target.role === 'owner' && (change === 'remove' || change.role !== 'owner') && ownersLeft === 0) {
        throw new ApiError(Errors.ResourceStateConflict, 'The merchant would be left without an owner', {
          errors: { role: ['the last owner stays an owner'] },
        });
      }
      if (change === 'remove') await this.users.deleteUser(tx, target.id);
      else await this.users.update(tx, target.id, { role: change.role });
      await this.users.audit(tx, {
        ...this.who(current.user),
        action: change === 'remove' ? 'user.removed' : 'user.role_changed',
        details: { user_id: target.id, email: target.email, role_before: target.role, ...(change === 'remove' ? {} : { role_after: change.role }) },
        correlation_id: correlationId,
      });
      return target;
    });
  }

  async audit(current: SignedIn, action: string, details: object, correlationId: string): Promise<void> {
    await this.users.audit(this.users.dataSource, { ...this.who(current.user), action, details, correlation_id: correlationId });
  }

  private async failed(user: UserRow, action: string, correlationId: string): Promise<SignInOutcome> {
    const until = new Date(this.clock.now().getTime() + this.config.SIGN_IN_LOCK_MINUTES * 60_000);
    // Counted in the row: attempts sent at once all count.
    const lock = await this.users.dataSource.transaction(async (tx) => {
      const failures = await this.users.counters.countFailure(tx, user.id);
      const locks = failures >= this.config.SIGN_IN_MAX_FAILURES;
      if (locks) await this.users.update(tx, user.id, { failed_sign_ins: 0, locked_until: until });
      await this.users.audit(tx, { ...this.who(user), action: locks ? 'account.locked' : action, details: { failures }, correlation_id: correlationId });
      return locks;
    });
    return lock ? { kind: 'locked', until } : { kind: 'wrong' };
  }

  private newSession(token: string, userId: string, secondFactorPassed: boolean, now: Date): SessionRow {
    return {
      token_sha256: tokenDigest(token),
      user_id: userId,
      csrf_token: newToken(),
      environment: 'sandbox',
      second_factor_passed: secondFactorPassed,
      pending_totp_secret_sealed: null,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + Math.min(this.config.SESSION_IDLE_MINUTES * 60_000, this.config.SESSION_MAX_HOURS * 3_600_000)),
    };
  }

  private who(user: UserRow) {
    return { merchant_code: user.merchant_code, user_id: user.id, actor: `merchant-user:${user.id} ${user.email}` };
  }

  private sealTotp(secret: string): string {
    return sealSecret(secret, this.panelKey, TOTP_CONTEXT);
  }

  private openTotp(sealed: string): string {
    return openSecret(sealed, this.panelKey, TOTP_CONTEXT);
  }
}
