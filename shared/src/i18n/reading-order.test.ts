import i18next from 'i18next';
import { formatDate } from './format';
import {
  PAGE_DIRECTION_CHANGED,
  accessibleText,
  followPageDirection,
  isolate,
  readingOrderPostProcessor,
} from './reading-order';

const FSI = '\u2068';
const PDI = '\u2069';

/** Sets `<html dir>` and waits for the observer to have seen it. */
async function setPageDirection(dir: 'ltr' | 'rtl'): Promise<void> {
  document.documentElement.dir = dir;
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('accessibleText', () => {
  it('takes out the isolates and marks that order text on screen, for names and titles', () => {
    expect(accessibleText(`${FSI}Earned points on a booking?${PDI}`)).toBe('Earned points on a booking?');
    expect(accessibleText('المستوى \u2066Gold\u2069 \u200f')).toBe('المستوى Gold ');
  });
});

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
        en: {
          translation: {
            question: 'Earned points on a booking?',
            action: 'Sign in',
            tab: 'Dashboard · Loyalty Rewards',
          },
        },
        ar: {
          translation: { question: 'هل كسبت نقاطًا على حجز؟', action: 'تسجيل الدخول', booking: 'الحجز BK-0003 متاح' },
        },
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

  it('leaves alone a text that keeps its order by itself: its own letters at both ends, none of the other', async () => {
    await setPageDirection('rtl');
    expect(i18n.t('action')).toBe('Sign in');
    expect(i18n.t('tab')).toBe('Dashboard · Loyalty Rewards');
    await setPageDirection('ltr');
    expect(i18n.getFixedT('ar')('action')).toBe('تسجيل الدخول');
    // Latin inside Arabic would break the Arabic runs apart on a left-to-right line.
    expect(i18n.getFixedT('ar')('booking')).toBe(`${FSI}الحجز BK-0003 متاح${PDI}`);
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
