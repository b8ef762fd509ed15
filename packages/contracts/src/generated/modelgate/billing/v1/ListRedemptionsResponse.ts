// Original file: proto/modelgate/billing/v1/redemption_service.proto

import type { Redemption as _modelgate_billing_v1_Redemption, Redemption__Output as _modelgate_billing_v1_Redemption__Output } from '../../../modelgate/billing/v1/Redemption';
import type { Long } from '@grpc/proto-loader';

/**
 * ListRedemptionsResponse is one page of codes and the number matching in all.
 */
export interface ListRedemptionsResponse {
  /**
   * The codes of the page, highest id first.
   */
  'items'?: (_modelgate_billing_v1_Redemption)[];
  /**
   * Codes matching on every page.
   */
  'total'?: (number | string | Long);
  /**
   * The page returned (1-based).
   */
  'page'?: (number);
  /**
   * The page size used.
   */
  'page_size'?: (number);
}

/**
 * ListRedemptionsResponse is one page of codes and the number matching in all.
 */
export interface ListRedemptionsResponse__Output {
  /**
   * The codes of the page, highest id first.
   */
  'items': (_modelgate_billing_v1_Redemption__Output)[];
  /**
   * Codes matching on every page.
   */
  'total': (string);
  /**
   * The page returned (1-based).
   */
  'page': (number);
  /**
   * The page size used.
   */
  'page_size': (number);
}
