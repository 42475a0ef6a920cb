import { warmUpPlugin } from './texts-warm-up';

describe('warmUpPlugin', () => {
  afterEach(() => {
    document.documentElement.lang = '';
  });

  it('asks for the texts of the page language and of the fallback language, each once', () => {
    document.documentElement.lang = 'ar';
    const texts = jest.fn(() => Promise.resolve({}));

    const plugin = warmUpPlugin('mf-test', texts);

    expect(texts.mock.calls).toEqual([['ar'], ['en']]);
    expect(plugin.name).toBe('mf-test-warm-up');
  });

  it('asks for English once when the page is in English, or before any language is set', () => {
    for (const lang of ['en', '']) {
      document.documentElement.lang = lang;
      const texts = jest.fn(() => Promise.resolve({}));
      warmUpPlugin('mf-test', texts);
      expect(texts.mock.calls).toEqual([['en']]);
    }
  });

  it('leaves a failed download for the routes module to ask again: no unhandled rejection', async () => {
    document.documentElement.lang = 'fr';
    const failure = Promise.reject(new Error('offline'));
    const caught = jest.spyOn(failure, 'catch');

    warmUpPlugin('mf-test', () => failure);

    expect(caught).toHaveBeenCalled();
    await expect(failure).rejects.toThrow('offline');
  });
});
