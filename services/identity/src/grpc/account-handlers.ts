import type { AccountServiceDefinition } from '@modelgate/contracts';
import type { UnaryServiceImplementation } from '@modelgate/runtime';
import { type AccountDeps, findLiveUser } from '../accounts/account-deps';
import { bindEmail, sendVerificationCode } from '../accounts/email-verification';
import { updateNotificationSettings } from '../accounts/notification-settings';
import { resetPassword, sendPasswordReset } from '../accounts/password-reset';
import { deleteOwnAccount, ensureAffCode, regenerateAccessToken, updateProfile } from '../accounts/profile';
import { register } from '../accounts/registration';
import { LoginBackoff } from '../accounts/login-backoff';
import { signIn } from '../accounts/sign-in';
import { usableGroups } from '../accounts/usable-groups';
import { VerificationCodes } from '../accounts/verification-codes';
import type { IdentityContext } from '../identity-context';
import { type MailSender, SmtpMailer } from '@modelgate/mail';
import { toProfileMessage } from '../users/user-view';

/** Dependencies of the handlers that tests may replace (the mail transport). */
export interface AccountHandlerOptions {
  mailer?: MailSender;
}

/**
 * `modelgate.identity.v1.AccountService`: registration, sign-in, email codes, password reset
 * and the user's own account. Each handler converts the message (int64 ids arrive as strings)
 * and delegates to the flow in `../accounts`; the flows throw AppErrors carrying the messages
 * the console shows, which reach edge unchanged.
 */
export function createAccountHandlers(
  context: IdentityContext,
  options: AccountHandlerOptions = {},
): UnaryServiceImplementation<AccountServiceDefinition> {
  const deps: AccountDeps = {
    logger: context.logger,
    dataSource: context.dataSource,
    bus: context.bus,
    options: context.options,
    billing: context.billing,
    mailer: options.mailer ?? new SmtpMailer(context.options, context.logger),
    codes: new VerificationCodes(context.dataSource),
    loginBackoff: new LoginBackoff(context.dataSource),
  };
  return {
    async GetSelf(request) {
      const user = await findLiveUser(deps, Number(request.user_id));
      // The profile only: whoever shows the balance asks billing for it.
      return { user: toProfileMessage(user, { includeAccessToken: true }) };
    },

    async Register(request) {
      return { user_id: await register(deps, request) };
    },

    async Login(request) {
      const { user, defaultPassword } = await signIn(deps, request.username, request.password);
      return { user: toProfileMessage(user, { includeAccessToken: false }), default_password: defaultPassword };
    },

    async SendVerificationCode(request) {
      await sendVerificationCode(deps, request.email);
      return {};
    },

    async SendPasswordReset(request) {
      await sendPasswordReset(deps, request.email);
      return {};
    },

    async ResetPassword(request) {
      const { userId, password } = await resetPassword(deps, request.email, request.token);
      return { user_id: userId, password };
    },

    async UpdateSelf(request) {
      const passwordChanged = await updateProfile(deps, Number(request.user_id), request);
      return { password_changed: passwordChanged };
    },

    async DeleteSelf(request) {
      await deleteOwnAccount(deps, Number(request.user_id));
      return {};
    },

    async GenerateAccessToken(request) {
      return { access_token: await regenerateAccessToken(deps, Number(request.user_id)) };
    },

    async GetAffCode(request) {
      return { aff_code: await ensureAffCode(deps, Number(request.user_id)) };
    },

    async UpdateSetting(request) {
      return { setting: await updateNotificationSettings(deps, Number(request.user_id), request) };
    },

    async ListUsableGroups(request) {
      const user = await findLiveUser(deps, Number(request.user_id));
      return { groups: usableGroups(deps.options, user.group) };
    },

    async BindEmail(request) {
      await bindEmail(deps, Number(request.user_id), request.email, request.code);
      return {};
    },
  };
}
