/** `@modelgate/operator`: reconciles `channels.modelgate.dev` resources into Modelgate's channels. */
export {};
