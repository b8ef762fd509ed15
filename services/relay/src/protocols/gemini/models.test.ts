import { geminiModel, geminiModelPage } from './models';

const ids = Array.from({ length: 5 }, (_, index) => `model-${index}`);

describe('the Gemini model list', () => {
  it('names models as resources with the methods they take', () => {
    expect(geminiModel('gemini-2.5-flash')).toEqual({
      name: 'models/gemini-2.5-flash',
      baseModelId: 'gemini-2.5-flash',
      version: '',
      displayName: 'gemini-2.5-flash',
      supportedGenerationMethods: ['generateContent', 'countTokens'],
    });
    expect(geminiModel('gemini-embedding-001').supportedGenerationMethods).toEqual(['embedContent', 'batchEmbedContents', 'countTokens']);
  });

  it('pages with pageSize and the pageToken of the previous page', () => {
    const first = geminiModelPage(ids, 'pageSize=2');
    expect(first.models.map((model) => model.name)).toEqual(['models/model-0', 'models/model-1']);
    const last = geminiModelPage(ids, `pageSize=3&pageToken=${first.nextPageToken}`);
    expect(last.models.map((model) => model.name)).toEqual(['models/model-2', 'models/model-3', 'models/model-4']);
    expect(last.nextPageToken).toBeUndefined();
    expect(geminiModelPage(ids, undefined).models).toHaveLength(5);
    expect(() => geminiModelPage(ids, 'pageToken=abc')).toThrow('pageToken is not a token this list gave');
    expect(() => geminiModelPage(ids, 'pageSize=-1')).toThrow('pageSize must be a non-negative integer');
  });
});
