import { type BillingServiceDefinition, systemLogOther } from '@modelgate/contracts';
import { LogType } from '@modelgate/db';
import type { GrpcClient, Logger } from '@modelgate/runtime';
import { quotaOption } from '../accounts/account-rules';
import type { TypedOptionReader } from '../options/option-store';
import { formatLogQuota } from './quota-text';

/** What crediting sign-up gifts needs: the current options and billing, which owns balances. */
export interface SignUpGiftDeps {
  options: TypedOptionReader;
  billing: GrpcClient<BillingServiceDefinition>;
  logger: Logger;
}

/**
 * Credits QuotaForNewUser to every new user, and when invited QuotaForInvitee to the user and
 * QuotaForInviter to the inviter's invitation rewards — for every way an account comes into
 * existence on its own (password registration, third-party sign-in). The account already exists,
 * so a billing failure is logged (with what was lost) rather than undoing the sign-up.
 */
export async function creditSignUpGifts(deps: SignUpGiftDeps, userId: number, inviterId: number): Promise<void> {
  const { options } = deps;
  const gift = async (what: string, call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (error) {
      deps.logger.error({ err: error, userId, inviterId, what }, 'cannot credit a sign-up gift');
    }
  };
  const forNewUser = quotaOption(options, 'QuotaForNewUser');
  if (forNewUser > 0) {
    await gift('QuotaForNewUser', () =>
      deps.billing.call('AdjustUserQuota', {
        user_id: userId,
        delta: forNewUser,
        log_type: LogType.System,
        log_content: `新用户注册赠送 ${formatLogQuota(forNewUser, options)}`,
        log_other: systemLogOther('new_user_gift', forNewUser),
        allow_negative: false,
      }),
    );
  }
  if (inviterId <= 0) return;
  const forInvitee = quotaOption(options, 'QuotaForInvitee');
  if (forInvitee > 0) {
    await gift('QuotaForInvitee', () =>
      deps.billing.call('AdjustUserQuota', {
        user_id: userId,
        delta: forInvitee,
        log_type: LogType.System,
        log_content: `使用邀请码赠送 ${formatLogQuota(forInvitee, options)}`,
        log_other: systemLogOther('invitee_gift', forInvitee),
        allow_negative: false,
      }),
    );
  }
  const forInviter = quotaOption(options, 'QuotaForInviter');
  if (forInviter > 0) {
    await gift('QuotaForInviter', () =>
      deps.billing.call('RewardInviter', {
        inviter_id: inviterId,
        amount: forInviter,
        log_content: `邀请用户赠送 ${formatLogQuota(forInviter, options)}`,
      }),
    );
  }
}
