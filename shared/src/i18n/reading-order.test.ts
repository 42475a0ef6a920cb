import i18next from 'i18next';
import { formatDate } from './format';
import { PAGE_DIRECTION_CHANGED, followPageDirection, isolate, readingOrderPostProcessor } from './reading-order';

const FSI = '\u2068';
const PDI = '\u2069';

/** Sets `<html dir>` and waits for the observer to have seen it. */
async function setPageDirection(dir: 'ltr' | 'rtl'): Promise<void> {
  document.documentElement.dir = dir;
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('isolate', () => {
  it('wraps a token in first-strong isolates, which keep it whole inside right-to-left text', () => {
    expect(isolate('BK-0003')).toBe(`${FSI}BK-0003${PDI}`);
    expect(isolate('BK-0003').length).toBe('BK-0003'.length + 2);
  });
});

/**
 * docs/product/frame.md lets a member set the page's direction apart from its language. A text then keeps its
 * language's reading order: it is isolated where the two disagree, and left alone where they agree.
 */
describe('texts in reading order on a page set in either direction', () => {
  const i18n = i18next.createInstance();
  const renders = jest.fn();

  beforeAll(async () => {
    await i18n.use(readingOrderPostProcessor).init({
      lng: 'en',
      postProcess: [readingOrderPostProcessor.name],
      resources: {
        en: { translation: { question: 'Earned points on a booking?' } },
        ar: { translation: { question: 'هل كسبت نقاطًا على حجز؟' } },
      },
    });
    followPageDirection(i18n);
    i18n.on(PAGE_DIRECTION_CHANGED, renders);
  });

  afterAll(() => document.documentElement.removeAttribute('dir'));

  it('leaves a text alone where the page reads in its language’s direction', async () => {
    await setPageDirection('ltr');
    expect(i18n.t('question')).toBe('Earned points on a booking?');
    await setPageDirection('rtl');
    expect(i18n.getFixedT('ar')('question')).toBe('هل كسبت نقاطًا على حجز؟');
  });

  it('isolates English on a right-to-left page, and Arabic on a left-to-right one', async () => {
    await setPageDirection('rtl');
    expect(i18n.t('question')).toBe(`${FSI}Earned points on a booking?${PDI}`);
    await setPageDirection('ltr');
    expect(i18n.getFixedT('ar')('question')).toBe(`${FSI}هل كسبت نقاطًا على حجز؟${PDI}`);
  });

  it('isolates a date alone the same way', async () => {
    await setPageDirection('rtl');
    expect(formatDate('2030-06-06', 'en')).toBe(`${FSI}6 Jun 2030${PDI}`);
    expect(formatDate('2030-06-06', 'ar')).not.toContain(FSI);
    await setPageDirection('ltr');
    expect(formatDate('2030-06-06', 'en')).toBe('6 Jun 2030');
  });

  it('asks the texts on screen to render again when the direction turns, and only then', async () => {
    await setPageDirection('ltr');
    renders.mockClear();
    await setPageDirection('rtl');
    expect(renders).toHaveBeenCalledTimes(1);
    // Set again to what it already is: nothing to render.
    await setPageDirection('rtl');
    expect(renders).toHaveBeenCalledTimes(1);
  });
});
