import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Field, FieldFrame, FormError, SubmitButton } from './form';

function ControlledField(props: { error?: string; hint?: string; type?: string; requiredMark?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <Field
      label="Username"
      value={value}
      onValueChange={setValue}
      revealLabels={{ show: 'Show password', hide: 'Hide password' }}
      {...props}
    />
  );
}

describe('Field', () => {
  it('labels its input and ties the error and hint to it', () => {
    render(<ControlledField error="Enter a username" hint="4 to 16 letters" requiredMark />);
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['Enter a username', '4 to 16 letters']);
    fireEvent.change(input, { target: { value: 'somchai' } });
    expect((input as HTMLInputElement).value).toBe('somchai');
  });

  it('is neither invalid nor described without an error or hint', () => {
    render(<ControlledField />);
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByText('*')).toBeNull();
  });

  it('shows and hides a password with its toggle', () => {
    render(<ControlledField type="password" />);
    const input = screen.getByLabelText('Username');
    expect(input.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('FieldFrame', () => {
  it('ties any control (here a select) to its label and error', () => {
    render(
      <FieldFrame label="From" error="Choose one vendor wallet">
        {(control) => (
          <select {...control} defaultValue="">
            <option value="">Main wallet</option>
          </select>
        )}
      </FieldFrame>,
    );
    const select = screen.getByRole('combobox', { name: 'From' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(select.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Choose one vendor wallet',
    );
  });
});

describe('FormError and SubmitButton', () => {
  it('announces a form error and shows nothing without one', () => {
    const { rerender } = render(<FormError>{null}</FormError>);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FormError>Network abnormal</FormError>);
    expect(screen.getByRole('alert').textContent).toBe('Network abnormal');
  });

  it('submits once and shows its pending state', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <SubmitButton pending={false} pendingLabel="Sending...">
          Send
        </SubmitButton>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <form onSubmit={onSubmit}>
        <SubmitButton pending pendingLabel="Sending...">
          Send
        </SubmitButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Sending...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});
