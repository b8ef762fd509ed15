/**
 * Default `ModelPrice` option: models billed a fixed USD amount per call (drawing actions, music
 * and lyrics, image generation) instead of per token. A model listed here ignores its ratios.
 * These are the reference's 21 defaults.
 */
export const DEFAULT_MODEL_PRICE: Readonly<Record<string, number>> = {
  suno_music: 0.1,
  suno_lyrics: 0.01,
  'dall-e-3': 0.04,
  'imagen-3.0-generate-002': 0.03,
  'gpt-4-gizmo-*': 0.1,
  mj_imagine: 0.1,
  mj_variation: 0.1,
  mj_reroll: 0.1,
  mj_blend: 0.1,
  mj_modal: 0.1,
  mj_zoom: 0.1,
  mj_shorten: 0.1,
  mj_high_variation: 0.1,
  mj_low_variation: 0.1,
  mj_pan: 0.1,
  mj_inpaint: 0,
  mj_custom_zoom: 0,
  mj_describe: 0.05,
  mj_upscale: 0.05,
  swap_face: 0.05,
  mj_upload: 0.05,
};
