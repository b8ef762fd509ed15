// Every namespace in both languages. Chinese is the fallback; a test keeps the key sets equal.
import en_common from './locales/en/common.json';
import zh_common from './locales/zh/common.json';
import en_shell from './locales/en/shell.json';
import zh_shell from './locales/zh/shell.json';
import en_errors from './locales/en/errors.json';
import zh_errors from './locales/zh/errors.json';
import en_auth from './locales/en/auth.json';
import zh_auth from './locales/zh/auth.json';
import en_home from './locales/en/home.json';
import zh_home from './locales/zh/home.json';
import en_about from './locales/en/about.json';
import zh_about from './locales/zh/about.json';
import en_pricing from './locales/en/pricing.json';
import zh_pricing from './locales/zh/pricing.json';
import en_token from './locales/en/token.json';
import zh_token from './locales/zh/token.json';
import en_chat from './locales/en/chat.json';
import zh_chat from './locales/zh/chat.json';
import en_wallet from './locales/en/wallet.json';
import zh_wallet from './locales/zh/wallet.json';
import en_personal from './locales/en/personal.json';
import zh_personal from './locales/zh/personal.json';
import en_log from './locales/en/log.json';
import zh_log from './locales/zh/log.json';
import en_dashboard from './locales/en/dashboard.json';
import zh_dashboard from './locales/zh/dashboard.json';
import en_task from './locales/en/task.json';
import zh_task from './locales/zh/task.json';
import en_playground from './locales/en/playground.json';
import zh_playground from './locales/zh/playground.json';
import en_redemption from './locales/en/redemption.json';
import zh_redemption from './locales/zh/redemption.json';
import en_user from './locales/en/user.json';
import zh_user from './locales/zh/user.json';
import en_channel from './locales/en/channel.json';
import zh_channel from './locales/zh/channel.json';
import en_setting from './locales/en/setting.json';
import zh_setting from './locales/zh/setting.json';
import en_apiMessages from './locales/en/apiMessages.json';
import zh_apiMessages from './locales/zh/apiMessages.json';

export const zh = {
  common: zh_common,
  shell: zh_shell,
  errors: zh_errors,
  auth: zh_auth,
  home: zh_home,
  about: zh_about,
  pricing: zh_pricing,
  token: zh_token,
  chat: zh_chat,
  wallet: zh_wallet,
  personal: zh_personal,
  log: zh_log,
  dashboard: zh_dashboard,
  task: zh_task,
  playground: zh_playground,
  setting: zh_setting,
  channel: zh_channel,
  redemption: zh_redemption,
  user: zh_user,
  apiMessages: zh_apiMessages,
};

export const en: typeof zh = {
  common: en_common,
  shell: en_shell,
  errors: en_errors,
  auth: en_auth,
  home: en_home,
  about: en_about,
  pricing: en_pricing,
  token: en_token,
  chat: en_chat,
  wallet: en_wallet,
  personal: en_personal,
  log: en_log,
  dashboard: en_dashboard,
  task: en_task,
  playground: en_playground,
  setting: en_setting,
  channel: en_channel,
  redemption: en_redemption,
  user: en_user,
  apiMessages: en_apiMessages,
};

export const resources = { zh, en };
export const namespaces = Object.keys(zh) as Array<keyof typeof zh>;
