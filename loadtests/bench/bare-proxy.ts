/**
 * The ceiling row of the benchmark: the least a Node proxy can do, node:http in front of undici,
 * forwarding each request to the fake upstream and streaming the answer back with back-pressure.
 * No authentication, routing, billing or logging: whatever the relay costs beyond this row is its
 * own work, whatever this row costs is the price of proxying in Node on this machine.
 *
 * Run as its own process: `node bare-proxy.js <upstream origin>`; prints its URL on stdout.
 */
import { createServer } from 'node:http';
import { once } from 'node:events';
import { Agent } from 'undici';

const upstream = process.argv[2];
if (!upstream) throw new Error('usage: bare-proxy <upstream origin>');
const agent = new Agent({ connections: null, keepAliveTimeout: 30_000 });

const server = createServer(async (req, res) => {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await agent.request({
      origin: upstream,
      path: req.url ?? '/',
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: req.headers.authorization ?? '' },
      body: Buffer.concat(chunks),
    });
    res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? 'application/json') });
    for await (const chunk of answer.body) if (!res.write(chunk)) await once(res, 'drain');
    res.end();
  } catch {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  }
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`http://127.0.0.1:${address.port}\n`);
});
