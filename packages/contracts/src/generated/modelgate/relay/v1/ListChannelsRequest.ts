// Original file: proto/modelgate/relay/v1/channel_admin_service.proto


/**
 * ListChannelsRequest selects one page of channels.
 */
export interface ListChannelsRequest {
  /**
   * 0-based page number.
   */
  'page'?: (number);
  /**
   * Entries per page, 1 to 1000.
   */
  'page_size'?: (number);
  /**
   * Order by id, newest first; otherwise by priority (highest first), then id (newest first).
   */
  'id_sort'?: (boolean);
  /**
   * One aggregate entry per tag (untagged channels stay entries of their own).
   */
  'tag_mode'?: (boolean);
  /**
   * Empty for every channel; else the channel whose id it is (when numeric), channels whose
   * name contains it, or the channel whose key is exactly it.
   */
  'keyword'?: (string);
  /**
   * Empty for every group; else channels listing exactly this group.
   */
  'group'?: (string);
  /**
   * Empty for every model; else channels whose model list contains this text.
   */
  'model'?: (string);
}

/**
 * ListChannelsRequest selects one page of channels.
 */
export interface ListChannelsRequest__Output {
  /**
   * 0-based page number.
   */
  'page': (number);
  /**
   * Entries per page, 1 to 1000.
   */
  'page_size': (number);
  /**
   * Order by id, newest first; otherwise by priority (highest first), then id (newest first).
   */
  'id_sort': (boolean);
  /**
   * One aggregate entry per tag (untagged channels stay entries of their own).
   */
  'tag_mode': (boolean);
  /**
   * Empty for every channel; else the channel whose id it is (when numeric), channels whose
   * name contains it, or the channel whose key is exactly it.
   */
  'keyword': (string);
  /**
   * Empty for every group; else channels listing exactly this group.
   */
  'group': (string);
  /**
   * Empty for every model; else channels whose model list contains this text.
   */
  'model': (string);
}
