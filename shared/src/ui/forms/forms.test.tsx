import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@loyalty/shared/testing';
import { Field, Input } from '../chakra';
import { FieldError } from './field-error';
import { FormAlert } from './form-alert';
import { PasswordChecklist } from './password-checklist';

function EmailField({ error }: { error?: string }) {
  return (
    <Field.Root invalid={!!error} required>
      <Field.Label>Email</Field.Label>
      <Input type="email" />
      <FieldError message={error} />
    </Field.Root>
  );
}

function NewPassword() {
  const [value, setValue] = useState('');
  return (
    <Field.Root>
      <Field.Label>New password</Field.Label>
      <Input type="password" value={value} onChange={(event) => setValue(event.target.value)} />
      <PasswordChecklist
        title="Password requirements"
        metText="met"
        unmetText="not yet met"
        rules={[
          { id: 'length', label: 'At least 8 characters', met: value.length >= 8 },
          { id: 'number', label: 'One number', met: /\d/.test(value) },
        ]}
      />
    </Field.Root>
  );
}

describe('the forms kit', () => {
  it('describes an invalid field by its error, translating the resolver’s keys', async () => {
    await renderWithProviders(<EmailField error="validation.email_required" />);
    const field = screen.getByLabelText(/^Email/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Email is required');
  });

  it('shows a server’s field text as it is, and nothing once the field is fine', async () => {
    function Corrected() {
      const [error, setError] = useState<string | undefined>('This address is taken');
      return (
        <>
          <EmailField error={error} />
          <button type="button" onClick={() => setError(undefined)}>
            Fix
          </button>
        </>
      );
    }
    await renderWithProviders(<Corrected />);
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('This address is taken');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fix' }));
    expect(screen.getByLabelText(/^Email/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/^Email/)).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText('This address is taken')).not.toBeInTheDocument();
  });

  it('announces a failure as an alert and takes the focus', async () => {
    await renderWithProviders(<FormAlert title="Invalid login credentials." />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Invalid login credentials.');
    expect(alert).toHaveFocus();
  });

  it('shows a note as a status that leaves the focus be', async () => {
    await renderWithProviders(<FormAlert status="success" outcome={false} title="Check your e-mail" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Check your e-mail');
    expect(screen.getByRole('status')).not.toHaveFocus();
  });

  it('shows nothing without a message', async () => {
    await renderWithProviders(<FormAlert title={null} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says of each rule whether it is met, and describes the field with the list', async () => {
    await renderWithProviders(<NewPassword />);
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    const items = within(rules).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'At least 8 characters, not yet met',
      'One number, not yet met',
    ]);
    const field = screen.getByLabelText('New password');
    await userEvent.setup().type(field, 'abcdefgh');
    expect(items.map((item) => item.textContent)).toEqual(['At least 8 characters, met', 'One number, not yet met']);
    expect(field).toHaveAccessibleDescription(/At least 8 characters ?, met/);
  });
});
