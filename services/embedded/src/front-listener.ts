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
