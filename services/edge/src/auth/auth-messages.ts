/**
 * The messages of `/api` authentication failures, exactly as clients written for the reference
 * contract (and its console's translation table) expect them.
 */
export const AuthMessage = {
  notSignedIn: '无权进行此操作，未登录且未提供 access token',
  invalidAccessToken: '无权进行此操作，access token 无效',
  missingUserHeader: '无权进行此操作，未提供 New-Api-User',
  malformedUserHeader: '无权进行此操作，New-Api-User 格式错误',
  mismatchedUserHeader: '无权进行此操作，New-Api-User 与登录用户不匹配',
  banned: '用户已被封禁',
  insufficientRole: '无权进行此操作，权限不足',
} as const;
