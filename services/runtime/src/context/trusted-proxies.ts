/**
 * The proxies whose \`X-Forwarded-For\` the HTTP services believe: loopback, link-local and private
 * networks — a reverse proxy on the same host, or the ingress and load balancers inside a cluster.
 * The client's address is then the nearest address in the header that is not one of these, so a
 * client on the internet cannot choose its own address (for rate limits or a token's IP allow list).
 * In the names \`proxy-addr\` (and Express's \`trust proxy\`) understand.
 */
export const TRUSTED_PROXY_RANGES: readonly string[] = Object.freeze(['loopback', 'linklocal', 'uniquelocal']);
