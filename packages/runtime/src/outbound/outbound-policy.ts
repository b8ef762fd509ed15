import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { Agent, buildConnector, type Dispatcher, fetch as undiciFetch } from 'undici';
import { type AddressRange, inRanges, isPublicAddress, parseAddress, parseAddressRanges } from '../net/address-ranges';

/**
 * The option (root only, like every option) listing the non-public addresses outbound calls may
 * still reach: addresses and CIDR ranges, separated by commas, spaces or line breaks. Empty (the
 * default): none — every loopback, private, link-local, shared, reserved and metadata address is
 * refused. A self-hosted install that calls a model server on its own network names it here
 * (`10.0.0.7`, `192.168.1.0/24`, `127.0.0.1` for a local Ollama).
 */
export const OUTBOUND_ALLOWED_RANGES_OPTION = 'OutboundAllowedRanges';

/**
 * What a refused call tells the person who asked for it. Generic on purpose: it names neither
 * the address a name resolved to nor anything the refused host could have said.
 */
export const OUTBOUND_REFUSED_MESSAGE =
  'the address is not allowed: loopback, private, link-local and cloud metadata addresses are refused unless the super admin allows them (OutboundAllowedRanges)';

/** Error code of {@link OutboundAddressRefusedError} (as Node's network errors carry one). */
export const OUTBOUND_REFUSED_CODE = 'ERR_OUTBOUND_ADDRESS_REFUSED';

/**
 * A connection the policy refused: the host (as asked for) and the address it is or resolved to,
 * for logs only. The message is {@link OUTBOUND_REFUSED_MESSAGE}.
 */
export class OutboundAddressRefusedError extends Error {
  readonly code = OUTBOUND_REFUSED_CODE;

  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(OUTBOUND_REFUSED_MESSAGE);
    this.name = 'OutboundAddressRefusedError';
  }
}

/** Whether `error`, or an error it wraps (`cause`, as fetch wraps), is a refusal of the policy. */
export function isOutboundRefusal(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof OutboundAddressRefusedError || (current as { code?: unknown }).code === OUTBOUND_REFUSED_CODE) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Name resolution with every address (`dns.lookup`'s signature with `all: true`). */
export type ResolveAll = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** What {@link OutboundPolicy} reads. */
export interface OutboundPolicyOptions {
  /** The current text of {@link OUTBOUND_ALLOWED_RANGES_OPTION}; read at every new connection. */
  allowedRanges: () => string;
  /** Name resolution; `dns.lookup` by default (tests map names of their own). */
  resolve?: ResolveAll;
}

/** Verdicts remembered per address before the memo starts over. */
const MAX_REMEMBERED = 1024;

/**
 * The one address policy of every outbound call made on an admin's or a user's behalf: calls to
 * channels (requests, tests, model lists, balances), users' low-quota webhooks, OIDC discovery
 * and the other sign-in provider addresses taken from settings.
 *
 * A connection may go to a public address, or to one in the root's allow list
 * ({@link OUTBOUND_ALLOWED_RANGES_OPTION}); any other is refused before a packet is sent. The
 * check is made where the connection is opened, on the addresses the name resolved to (every one
 * of them: a name with one internal address among public ones is refused), so a name cannot
 * resolve to a public address when checked and to an internal one when used, and every
 * connection a redirect leads to is checked like the first. An address literal in the URL is
 * checked as it is. The cost is paid once per new connection (verdicts are also remembered per
 * address); a request on a pooled connection costs one look at the option's text. When that text
 * changes, every open connection is judged again and those to addresses no longer allowed are
 * cut, so taking a permission back applies at once.
 */
export class OutboundPolicy {
  private readonly resolveAll: ResolveAll;
  private allowedText: string | undefined;
  private allowed: AddressRange[] = [];
  private readonly verdicts = new Map<string, boolean>();
  /** Open connections made through {@link connector}, judged again when the allow list changes. */
  private readonly sockets = new Set<Socket>();
  private sharedAgent: Agent | undefined;

  constructor(private readonly options: OutboundPolicyOptions) {
    this.resolveAll = options.resolve ?? (dnsLookup as unknown as ResolveAll);
  }

  /** Whether a connection to `address` (an IP address) is allowed now. Anything else is refused. */
  permits(address: string): boolean {
    this.refresh();
    const known = this.verdicts.get(address);
    if (known !== undefined) return known;
    const parsed = parseAddress(address);
    const verdict = parsed !== undefined && (isPublicAddress(parsed) || inRanges(parsed, this.allowed));
    if (this.verdicts.size >= MAX_REMEMBERED) this.verdicts.clear();
    this.verdicts.set(address, verdict);
    return verdict;
  }

  /**
   * Node's `lookup` for sockets: resolves the name and hands back its addresses only when every
   * one is allowed; otherwise fails with {@link OutboundAddressRefusedError}.
   */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.resolveAll(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const refused = addresses.find((entry) => !this.permits(entry.address));
      if (refused || addresses.length === 0) {
        callback(new OutboundAddressRefusedError(hostname, refused?.address ?? ''), '', 0);
        return;
      }
      if (options.all) (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };

  /**
   * An undici connector that applies the policy: address literals are checked before connecting,
   * names through {@link lookup}. `options` are the usual connect options (timeout, TLS).
   */
  connector(options: buildConnector.BuildOptions = {}): buildConnector.connector {
    const connect = buildConnector({ ...options, lookup: this.lookup } as buildConnector.BuildOptions);
    return (target, callback) => {
      const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(host) !== 0 && !this.permits(host)) {
        callback(new OutboundAddressRefusedError(host, host), null);
        return;
      }
      connect(target, (...result) => {
        const socket = result[1];
        if (socket) {
          this.sockets.add(socket);
          socket.once('close', () => this.sockets.delete(socket));
        }
        callback(...result);
      });
    };
  }

  /**
   * A new undici Agent whose every connection goes through {@link connector}, and whose every
   * request first looks at the allow list (see {@link refresh}).
   */
  createAgent(options: Omit<Agent.Options, 'connect'> & { connect?: buildConnector.BuildOptions } = {}): Agent {
    const { connect, ...rest } = options;
    return new PolicyAgent({ ...rest, connect: this.connector(connect) }, () => this.refresh());
  }

  /**
   * Reads the allow list; when it changed, forgets the remembered verdicts and cuts every open
   * connection to an address it no longer allows. Called at each request and each new connection.
   */
  refresh(): void {
    const text = this.options.allowedRanges();
    if (text === this.allowedText) return;
    const first = this.allowedText === undefined;
    this.allowedText = text;
    // Entries that are not ranges are ignored here; identity refuses them when they are saved.
    this.allowed = parseAddressRanges(text).ranges;
    this.verdicts.clear();
    if (first) return;
    for (const socket of this.sockets) {
      const address = socket.remoteAddress;
      if (address !== undefined && !this.permits(address)) socket.destroy(new OutboundAddressRefusedError(address, address));
    }
  }

  /** The policy's shared Agent for occasional calls (model lists, webhooks, sign-in providers). */
  get agent(): Dispatcher {
    this.sharedAgent ??= this.createAgent();
    return this.sharedAgent;
  }

  /** `fetch` through {@link agent}. */
  fetch(input: string | URL, init: Parameters<typeof undiciFetch>[1] = {}): ReturnType<typeof undiciFetch> {
    return undiciFetch(input, { ...init, dispatcher: this.agent });
  }

  /** Closes the shared Agent's connections. */
  async close(): Promise<void> {
    await this.sharedAgent?.close();
    this.sharedAgent = undefined;
  }
}

/**
 * An undici Agent that looks at the allow list before each request (a subclass rather than an
 * interceptor: on the relay's hot path it adds one call, no handler wrapping).
 */
class PolicyAgent extends Agent {
  constructor(
    options: Agent.Options,
    private readonly beforeDispatch: () => void,
  ) {
    super(options);
  }

  override dispatch(options: Agent.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    this.beforeDispatch();
    return super.dispatch(options, handler);
  }
}
