import { ConsoleAuthMessage } from '@modelgate/access';

/**
 * The messages of `/api` authentication failures, exactly as clients written for the reference
 * contract (and its console's translation table) expect them.
 */
export const AuthMessage = {
  ...ConsoleAuthMessage,
  invalidAccessToken: '无权进行此操作，access token 无效',
  insufficientRole: '无权进行此操作，权限不足',
  /** A state-changing request another site (or origin) made the browser send. */
  crossSiteRefused: '无权进行此操作，请从本站页面发起此操作',
} as const;
