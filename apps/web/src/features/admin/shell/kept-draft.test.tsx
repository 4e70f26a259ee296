import { fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { forgetDraft, useKeptDraft } from './kept-draft.ts';

function NameForm({ saved }: { saved: string }) {
  const form = useForm<{ name: string }>({ values: { name: saved } });
  useKeptDraft(form, '7:brand');
  return (
    <form>
      <label>
        Name
        <input {...form.register('name')} />
      </label>
      <p>{form.formState.isDirty ? 'unsaved' : 'clean'}</p>
    </form>
  );
}

const leaving = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('kept drafts', () => {
  it('gives unsaved edits back when the form returns (another tab, another page), still unsaved', () => {
    const first = render(<NameForm saved="Acme Cloud" />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Acme Cloud SA' } });
    expect(screen.getByText('unsaved')).toBeTruthy();
    expect(leaving()).toBe(true);
    first.unmount();
    expect(leaving()).toBe(false);

    const again = render(<NameForm saved="Acme Cloud" />);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Acme Cloud SA');
    expect(screen.getByText('unsaved')).toBeTruthy();
    // Typed back to the saved value: nothing is kept.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Acme Cloud' } });
    again.unmount();
    render(<NameForm saved="Acme Cloud" />);
    expect(screen.getByText('clean')).toBeTruthy();
  });

  it('keeps nothing after a save, and asks nothing before leaving a clean form', () => {
    const view = render(<NameForm saved="Acme Cloud" />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Zebra' } });
    view.unmount();
    forgetDraft('7:brand');
    render(<NameForm saved="Acme Cloud" />);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Acme Cloud');
    expect(leaving()).toBe(false);
  });
});
