// `@modelgate/runtime/outbound`: the address policy of outbound calls made on an admin's or a
// user's behalf. A subpath of its own, so services that make no such call do not load undici.
export {
  isOutboundRefusal,
  OUTBOUND_ALLOWED_RANGES_OPTION,
  OUTBOUND_REFUSED_CODE,
  OUTBOUND_REFUSED_MESSAGE,
  OutboundAddressRefusedError,
  OutboundPolicy,
  type OutboundPolicyOptions,
  type ResolveAll,
} from './outbound-policy';
