import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@loyalty/shared/testing';
import { ActionOutcome } from './action-outcome';

/** An action whose button is disabled while it runs, as a loading button is. */
function Action({ outcomes }: { outcomes: string[] }) {
  const [done, setDone] = useState(0);
  const [running, setRunning] = useState(false);
  const [note, setNote] = useState('');
  const act = () => {
    setRunning(true);
    // The next attempt clears the last outcome, as the pages do.
    setDone((count) => -count);
    setTimeout(() => {
      setRunning(false);
      setDone((count) => -count + 1);
    }, 10);
  };
  return (
    <>
      {done > 0 ? <ActionOutcome status={done === 1 ? 'error' : 'success'} title={outcomes[done - 1]} /> : null}
      <button type="button" disabled={running} onClick={act}>
        Act
      </button>
      <input aria-label="Note" value={note} onChange={(event) => setNote(event.target.value)} />
    </>
  );
}

describe('ActionOutcome', () => {
  it('takes the focus when it appears, and again for the next outcome, but not on a later render', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Action outcomes={['That booking id is not known.', 'Claimed.']} />);
    await user.click(screen.getByRole('button', { name: 'Act' }));
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('That booking id is not known.');
    expect(failure).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Act' }));
    const success = await screen.findByRole('status');
    expect(success).toHaveTextContent('Claimed.');
    expect(success).toHaveFocus();
    // Typing elsewhere re-renders the page; the outcome leaves the focus where the member put it.
    await user.click(screen.getByRole('textbox'));
    await user.keyboard('more');
    expect(screen.getByRole('textbox')).toHaveFocus();
  });

  it('shows nothing for a failure told elsewhere (its text is empty)', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Action outcomes={['']} />);
    await user.click(screen.getByRole('button', { name: 'Act' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Act' })).toBeEnabled());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
