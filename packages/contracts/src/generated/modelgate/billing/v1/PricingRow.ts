// Original file: proto/modelgate/billing/v1/usage_query_service.proto


/**
 * PricingRow is the price of one model (product spec §3 "Pricing row").
 */
export interface PricingRow {
  /**
   * The model's name.
   */
  'model_name'?: (string);
  /**
   * 1: a fixed price per call (`model_price`); 0: priced by ratios.
   */
  'quota_type'?: (number);
  /**
   * Model ratio (1 = $2 per 1M prompt tokens); 0 for fixed-price models.
   */
  'model_ratio'?: (number | string);
  /**
   * Completion price relative to the prompt price; 0 for fixed-price models.
   */
  'completion_ratio'?: (number | string);
  /**
   * USD per call for fixed-price models; 0 otherwise.
   */
  'model_price'?: (number | string);
  /**
   * Groups in which an enabled channel serves the model.
   */
  'enable_groups'?: (string)[];
}

/**
 * PricingRow is the price of one model (product spec §3 "Pricing row").
 */
export interface PricingRow__Output {
  /**
   * The model's name.
   */
  'model_name': (string);
  /**
   * 1: a fixed price per call (`model_price`); 0: priced by ratios.
   */
  'quota_type': (number);
  /**
   * Model ratio (1 = $2 per 1M prompt tokens); 0 for fixed-price models.
   */
  'model_ratio': (number);
  /**
   * Completion price relative to the prompt price; 0 for fixed-price models.
   */
  'completion_ratio': (number);
  /**
   * USD per call for fixed-price models; 0 otherwise.
   */
  'model_price': (number);
  /**
   * Groups in which an enabled channel serves the model.
   */
  'enable_groups': (string)[];
}
