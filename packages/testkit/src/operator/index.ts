export * from './operator-harness';
export { TcpProxy } from './tcp-proxy';
