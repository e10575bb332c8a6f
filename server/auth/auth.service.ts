import type { Db } from '../db/database';
import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';
import type { TokenService } from './tokens';
import { RateLimiter } from './rate-limiter';
import { SessionService } from './sessions.service';
import { SignInService } from './sign-in.service';
import { ShadowService } from './shadow.service';
import { PasswordService } from './passwords.service';
import { ProfileService } from './profile.service';
import { now as clockNow } from '../clock';

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  tokens: TokenService;
  /** Pepper for one-time-code hashes. */
  secret: string;
  log: (line: string) => void;
  now?: () => number;
}

/**
 * Auth, one part per job, composed here so that every part shares one clock and one rate limiter (in-flight
 * sign-ins and limit windows would split otherwise). Routes call the parts.
 */
export class AuthService {
  readonly limiter: RateLimiter;
  /** The service clock (expiries, rate-limit windows); tests move it. */
  readonly now: () => number;
  readonly sessions: SessionService;
  readonly signIn: SignInService;
  readonly shadow: ShadowService;
  readonly passwords: PasswordService;
  readonly profile: ProfileService;

  constructor(d: AuthServiceDeps) {
    const now = d.now ?? clockNow;
    this.now = now;
    this.limiter = new RateLimiter(d.db, now);
    this.sessions = new SessionService({ db: d.db, config: d.config, tokens: d.tokens, now });
    this.signIn = new SignInService({ db: d.db, config: d.config, mailer: d.mailer, sessions: this.sessions, limiter: this.limiter, secret: d.secret, now });
    this.shadow = new ShadowService({ db: d.db, config: d.config, sessions: this.sessions, now });
    this.passwords = new PasswordService({ db: d.db, config: d.config, mailer: d.mailer, sessions: this.sessions, limiter: this.limiter, log: d.log, now });
    this.profile = new ProfileService({ db: d.db });
  }
}
