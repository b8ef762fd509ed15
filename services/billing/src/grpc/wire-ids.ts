import { ValidationError } from '@modelgate/runtime';

/** A positive user id from an int64 field (a decimal string on the wire). */
export function userIdOf(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new ValidationError('无效的参数：user_id 必须是正整数');
  return id;
}
