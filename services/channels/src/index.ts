/**
 * `@modelgate/channels`: the one module that writes channels — validation, the channel row and
 * its abilities in one transaction, then the `config.channel.changed` event.
 */
export {};
