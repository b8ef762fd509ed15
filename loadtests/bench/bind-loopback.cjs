// Preloaded with `node -r` into a peer gateway that binds every interface: any listen() call
// that names a port but no host is given 127.0.0.1, so the benchmark never opens a port to
// the network. Unix-socket and explicit-host listens pass through unchanged.
'use strict';

const net = require('node:net');

const LOOPBACK = '127.0.0.1';
const originalListen = net.Server.prototype.listen;

net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [first, second] = args;
  const isPort = typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first));
  if (isPort && typeof second !== 'string') {
    args.splice(1, 0, LOOPBACK);
  } else if (first !== null && typeof first === 'object' && !first.path && first.host === undefined && first.port !== undefined) {
    args[0] = { ...first, host: LOOPBACK };
  }
  return originalListen.apply(this, args);
};
