import { render } from '@testing-library/react';
import { useRef } from 'react';
import { KeptFigure } from '@loyalty/shared/first-paint';
import { useKeptFigures } from './kept-figures';

const BALANCE = ['points', 'balance'] as const;

function Painted({ signedIn }: { signedIn: boolean }) {
  const page = useRef<HTMLDivElement>(null);
  useKeptFigures(() => page.current, signedIn);
  return (
    <div ref={page}>
      <KeptFigure query={BALANCE} field="pointBalance" />
    </div>
  );
}

function keep(pointBalance: number) {
  sessionStorage.setItem(
    'offlineAnswers',
    JSON.stringify({
      keptAt: Date.now(),
      state: { queries: [{ queryKey: BALANCE, state: { data: { pointBalance } } }] },
    }),
  );
}

afterEach(() => {
  sessionStorage.clear();
  document.documentElement.lang = '';
});

test("a page's shape drawn again shows the figures kept in the tab, in the page's language", () => {
  keep(4321);
  document.documentElement.lang = 'de';
  const { container } = render(<Painted signedIn />);
  expect(container.querySelector('.fp-kept')).toHaveTextContent(/^4\.321$/);
});

test('signed out, or with nothing kept, the figures stay bones', () => {
  keep(4321);
  const signedOut = render(<Painted signedIn={false} />);
  expect(signedOut.container.querySelector('.fp-kept')).toBeEmptyDOMElement();
  signedOut.unmount();
  sessionStorage.clear();
  const nothingKept = render(<Painted signedIn />);
  expect(nothingKept.container.querySelector('.fp-kept')).toBeEmptyDOMElement();
});
