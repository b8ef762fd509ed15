import { codecFor } from '../protocols/codecs';
import type { InboundProtocol } from '../protocols/request';
import type { WireEvent } from '../protocols/stream-events';
import { upstreamInterruptedError } from '../protocols/upstream-error';
import type { StreamTranslator } from './types';

/**
 * The identity translation of a stream whose upstream framing is not the client's (Bedrock's AWS
 * event stream carrying Anthropic events): each event goes on unchanged, re-framed by the
 * client's codec; a stream cut short ends with the protocol's error event.
 */
export function reframeStream(protocol: InboundProtocol): StreamTranslator {
  let ended = false;
  return {
    push(event: WireEvent): WireEvent[] {
      if (ended) return [];
      const type = (event.data as { type?: unknown } | null)?.type;
      if (type === 'message_stop' || type === 'error') ended = true;
      return [typeof type === 'string' ? { name: type, data: event.data } : event];
    },
    end(interrupted: boolean): WireEvent[] {
      if (ended || !interrupted) return [];
      ended = true;
      return [codecFor(protocol).streamError(upstreamInterruptedError())];
    },
  };
}
