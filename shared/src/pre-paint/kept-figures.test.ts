import { fillKeptFigures } from './kept-figures';
import { readKeptAnswers } from '../api/kept-answers';

const BALANCE = ['points', 'balance'];

function slot(query: string, field = 'pointBalance'): HTMLElement {
  const element = document.createElement('span');
  element.dataset.keptQuery = query;
  element.dataset.keptField = field;
  document.body.append(element);
  return element;
}

const kept = (data: unknown, keptAt = Date.now()) => ({
  keptAt,
  state: { queries: [{ queryKey: BALANCE, state: { data } }] },
});

afterEach(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
});

test("fills a figure in the member's language, and only a number of the query it names", () => {
  const balance = slot(JSON.stringify(BALANCE));
  const otherQuery = slot(JSON.stringify(['points', 'pending']));
  const notANumber = slot(JSON.stringify(BALANCE), 'tier');
  const broken = slot('{not json');
  fillKeptFigures(document, kept({ pointBalance: 1234567, tier: 'gold' }), 'fr');
  expect(balance.textContent).toBe(new Intl.NumberFormat('fr-FR').format(1234567));
  for (const empty of [otherQuery, notANumber, broken]) expect(empty).toBeEmptyDOMElement();
  // A kept state of another shape paints nothing, and breaks nothing.
  for (const state of [null, { queries: {} }, { queries: [null] }]) {
    expect(() => fillKeptFigures(document, { keptAt: Date.now(), state } as never, 'en')).not.toThrow();
  }
});

test('reads nothing that is old, broken or foreign from the tab', () => {
  const now = Date.now();
  sessionStorage.setItem('offlineAnswers', JSON.stringify(kept({ pointBalance: 5 }, now - 25 * 60 * 60 * 1000)));
  expect(readKeptAnswers(sessionStorage, now)).toBeUndefined();
  sessionStorage.setItem('offlineAnswers', '{"keptAt":');
  expect(readKeptAnswers(sessionStorage, now)).toBeUndefined();
  sessionStorage.setItem('offlineAnswers', JSON.stringify({ state: {} }));
  expect(readKeptAnswers(sessionStorage, now)).toBeUndefined();
  sessionStorage.setItem('offlineAnswers', JSON.stringify(kept({ pointBalance: 5 }, now - 1000)));
  const figure = slot(JSON.stringify(BALANCE));
  fillKeptFigures(document, readKeptAnswers(sessionStorage, now), null);
  expect(figure.textContent).toBe('5');
});
