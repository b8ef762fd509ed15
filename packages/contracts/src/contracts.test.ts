import {
  accountContract,
  billingContract,
  identityContract,
  loadProto,
  oauthContract,
  relayContract,
  channelAdminContract,
  channelProbeContract,
  serviceContract,
  taskContract,
  tokenContract,
  usageQueryContract,
  userAdminContract,
  redemptionContract,
  walletContract,
} from './index';

describe('service contracts', () => {
  it.each([
    [
      'modelgate.identity.v1.IdentityService',
      identityContract,
      ['GetPublicStatus', 'ListOptions', 'UpdateOptions', 'ResetModelRatio', 'AuthenticateSession'],
    ],
    [
      'modelgate.billing.v1.BillingService',
      billingContract,
      ['GetUserQuota', 'GetUserBalances', 'AdjustUserQuota', 'SetUserQuota', 'AddUserQuota', 'GetTokenBalances', 'SetTokenBudget', 'RewardInviter', 'TransferAffQuota', 'DeleteLogsBefore', 'ReserveQuota', 'ReleaseQuota'],
    ],
    ['modelgate.identity.v1.AccountService', accountContract, ['GetSelf', 'Register', 'Login', 'SendVerificationCode', 'SendPasswordReset', 'ResetPassword', 'UpdateSelf', 'DeleteSelf', 'GenerateAccessToken', 'GetAffCode', 'UpdateSetting', 'ListUsableGroups', 'BindEmail']],
    ['modelgate.identity.v1.UserAdminService', userAdminContract, ['GetUser', 'ListUsers', 'CreateUser', 'UpdateUser', 'ManageUser']],
    ['modelgate.identity.v1.OAuthService', oauthContract, ['CreateState', 'SignInWithOAuth', 'SignInWithWeChat', 'SignInWithTelegram']],
    ['modelgate.relay.v1.RelayService', relayContract, ['ListEnabledModels']],
    [
      'modelgate.relay.v1.ChannelAdminService',
      channelAdminContract,
      ['ListChannels', 'GetChannel', 'CreateChannels', 'UpdateChannel', 'DeleteChannel', 'DeleteChannels', 'TagChannels', 'EditTag', 'SetTagStatus', 'FixAbilities', 'DeleteDisabledChannels', 'ListModels', 'ListDefaultModels', 'FetchUpstreamModels'],
    ],
    ['modelgate.relay.v1.ChannelProbeService', channelProbeContract, ['TestChannel', 'TestAllChannels', 'UpdateBalance', 'UpdateAllBalances']],
    ['modelgate.task.v1.TaskService', taskContract, ['GetTask', 'ListDrawingTasks', 'ListTasks', 'RecordDrawingTask', 'RecordTask', 'FindDrawingTasks', 'FindTasks', 'RefreshDrawingTask']],
    ['modelgate.identity.v1.TokenService', tokenContract, ['ListTokens', 'GetToken', 'CreateTokens', 'UpdateToken', 'SetTokenStatus', 'DeleteToken']],
    ['modelgate.billing.v1.UsageQueryService', usageQueryContract, ['ListLogs', 'LogStats', 'ListQuotaData', 'GetPricing']],
    ['modelgate.billing.v1.RedemptionService', redemptionContract, ['ListRedemptions', 'GetRedemption', 'CreateRedemptions', 'UpdateRedemption', 'SetRedemptionStatus', 'DeleteRedemption', 'Redeem']],
    ['modelgate.billing.v1.WalletService', walletContract, ['QuoteTopUp', 'CreateTopUpOrder', 'HandlePaymentNotice']],
  ] as const)('%s loads with its unary methods', (serviceName, contract, methods) => {
    expect(contract.serviceName).toBe(serviceName);
    expect(Object.keys(contract.definition)).toEqual(methods);
    for (const [method, definition] of Object.entries(contract.definition)) {
      expect(definition).toMatchObject({
        path: `/${serviceName}/${method}`,
        requestStream: false,
        responseStream: false,
      });
    }
    expect(contract.Client.service).toBe(contract.definition);
  });

  it('refuses a service the protos do not define', () => {
    const loaded = loadProto('modelgate/billing/v1/billing_service.proto');
    expect(() => serviceContract(loaded, 'modelgate.billing.v1.NoSuchService')).toThrow(/no service/);
  });
});

describe('pinned loader options', () => {
  it('decodes int64 as strings, keeps snake_case and fills defaults', () => {
    const method = billingContract.definition.GetUserQuota;
    const encoded = method.responseSerialize({ quota: 5, used_quota: '9007199254740993' });
    const decoded = method.responseDeserialize(encoded);
    expect(decoded).toEqual({ quota: '5', used_quota: '9007199254740993', request_count: '0' });
  });

  it('sends an absent message field as null and repeated fields as arrays', () => {
    const task = taskContract.definition.GetTask;
    expect(task.responseDeserialize(task.responseSerialize({}))).toEqual({ task: null });
    const models = relayContract.definition.ListEnabledModels;
    expect(models.responseDeserialize(models.responseSerialize({}))).toEqual({ models: [] });
  });

  it('carries every public status field of the spec with a proper type', () => {
    const method = identityContract.definition.GetPublicStatus;
    const encoded = method.responseSerialize({ status: { start_time: 1_700_000_000 } });
    const { status } = method.responseDeserialize(encoded);
    expect(status).not.toBeNull();
    const fields = Object.keys(status!);
    // Product spec §3 "Public status", then the locally kept fields, then new-api's extras.
    const spec = `
      system_name logo footer_html quota_per_unit display_in_currency enable_drawing enable_task
      enable_data_export chats data_export_default_time default_collapse_sidebar mj_notify_enabled
      chat_link chat_link2 docs_link version start_time email_verification turnstile_check
      turnstile_site_key github_oauth github_client_id oidc_enabled oidc_client_id
      oidc_authorization_endpoint wechat_login wechat_qrcode telegram_oauth telegram_bot_name
      linuxdo_oauth linuxdo_client_id self_use_mode_enabled demo_site_enabled
      server_address top_up_link min_topup enable_online_topup
      price setup enable_batch_update`;
    expect(fields.sort()).toEqual(spec.trim().split(/\s+/).sort());
    expect(status).toMatchObject({
      start_time: '1700000000',
      quota_per_unit: 0,
      display_in_currency: false,
      chats: '',
      min_topup: '0',
      price: 0,
    });
  });
});
