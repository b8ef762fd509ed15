import type { JsMsg } from '@nats-io/jetstream';
import { headers as natsHeaders, type Msg, type MsgHdrs } from '@nats-io/transport-node';
import type { InboundMessage } from './delivery';
import { MESSAGE_ID_HEADER } from './message-context';
import type { BusNamespace } from './namespace';

/** Conversions between NATS messages and the transport-neutral shapes of the bus. */

/** A plain header map as NATS headers. */
export function toNatsHeaders(map: Readonly<Record<string, string>>): MsgHdrs {
  const result = natsHeaders();
  for (const [key, value] of Object.entries(map)) result.set(key, value);
  return result;
}

/** NATS headers as a plain map (first value of each key). */
export function fromNatsHeaders(hdrs: MsgHdrs | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (!hdrs) return result;
  for (const [key, values] of hdrs) {
    if (values[0] !== undefined) result[key] = values[0];
  }
  return result;
}

/** A core NATS message as an inbound event. */
export function fromCoreMsg(ns: BusNamespace, msg: Msg): InboundMessage {
  return { subject: ns.unwire(msg.subject), data: msg.data, headers: fromNatsHeaders(msg.headers) };
}

/** A JetStream message as an inbound command. */
export function fromJsMsg(ns: BusNamespace, msg: JsMsg): InboundMessage {
  const headers = fromNatsHeaders(msg.headers);
  return {
    subject: ns.unwire(msg.subject),
    data: msg.data,
    headers,
    messageId: headers[MESSAGE_ID_HEADER],
    deliveryCount: msg.info.deliveryCount,
    sequence: msg.seq,
  };
}
