import type { MalformedHttpAnswer } from '@modelgate/runtime';
import type { RequestListener } from 'node:http';

/**
 * The single HTTP port of the embedded stack: relay paths go to the relay's bare listener, the
 * rest (console, `/api`, probes) to edge — the split an ingress makes in Kubernetes.
 */
export function createFrontListener(options: {
  isRelayPath: (pathname: string) => boolean;
  relay: RequestListener;
  edge: RequestListener;
}): RequestListener {
  return (req, res) => {
    const url = req.url ?? '/';
    const end = url.indexOf('?');
    const pathname = end === -1 ? url : url.slice(0, end);
    (options.isRelayPath(pathname) ? options.relay : options.edge)(req, res);
  };
}

/**
 * The single port's answer to a request Node's parser refused: the relay's for its paths, edge's
 * for the rest, and when the path could not be read, one object in every shape (the envelope's
 * fields beside the relay's error object), as either side's clients may have sent it.
 */
export function createFrontMalformedHttpAnswer(options: {
  isRelayPath: (pathname: string) => boolean;
  relay: MalformedHttpAnswer;
  edge: MalformedHttpAnswer;
}): MalformedHttpAnswer {
  return (fault) => {
    if (fault.path !== undefined) return (options.isRelayPath(fault.path) ? options.relay : options.edge)(fault);
    const relay = options.relay(fault);
    const edge = JSON.parse(options.edge(fault).body) as Record<string, unknown>;
    return { contentType: relay.contentType, body: JSON.stringify({ ...edge, ...(JSON.parse(relay.body) as Record<string, unknown>) }) };
  };
}
