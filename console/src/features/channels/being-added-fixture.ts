import type * as Catalogue from '@modelgate/channel-types';

/**
 * The channel-type catalogue with Vertex AI (41) standing as "being added", whatever the schemas
 * say today, so the console's marking of that group stays tested when no real type is in it.
 * For a `jest.mock('@modelgate/channel-types', …)` factory.
 */
export function catalogueWithVertexBeingAdded(): typeof Catalogue {
  const actual = jest.requireActual<typeof Catalogue>('@modelgate/channel-types');
  const vertex = actual.findChannelType(41);
  const note: Catalogue.UnservedNote = { group: 'coming', reason: 'beingAdded', description: 'Vertex AI is not translated yet' };
  return { ...actual, channelTypeStanding: (type) => (type === vertex ? note : actual.channelTypeStanding(type)) };
}
