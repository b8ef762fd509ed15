// Original file: proto/modelgate/identity/v1/account_service.proto


/**
 * UsableGroup is one group a user may choose.
 */
export interface UsableGroup {
  /**
   * Group name, e.g. "default".
   */
  'name'?: (string);
  /**
   * Description from UserUsableGroups ("用户分组" for the user's own group when not listed there).
   */
  'desc'?: (string);
  /**
   * The group's ratio from GroupRatio (0 when not priced).
   */
  'ratio'?: (number | string);
  /**
   * Whether GroupRatio prices the group; only priced groups are offered for selection.
   */
  'priced'?: (boolean);
}

/**
 * UsableGroup is one group a user may choose.
 */
export interface UsableGroup__Output {
  /**
   * Group name, e.g. "default".
   */
  'name': (string);
  /**
   * Description from UserUsableGroups ("用户分组" for the user's own group when not listed there).
   */
  'desc': (string);
  /**
   * The group's ratio from GroupRatio (0 when not priced).
   */
  'ratio': (number);
  /**
   * Whether GroupRatio prices the group; only priced groups are offered for selection.
   */
  'priced': (boolean);
}
