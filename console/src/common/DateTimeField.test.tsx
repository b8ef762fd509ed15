import { act, fireEvent, render, screen } from '@testing-library/react';
import { formatPlainDateTime } from './dates';
import { DateTimeField } from './DateTimeField';

describe('date-time field', () => {
  it('shows the local date and time, and reads a typed one back', async () => {
    const value = new Date(2025, 5, 15, 8, 30, 5);
    const onChange = jest.fn();
    render(<DateTimeField id="when" label="When" value={value} onChange={onChange} />);
    const input = screen.getByLabelText('When');
    expect(input).toHaveValue(formatPlainDateTime(value));
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '2025-06-16 09:00:00' } });
    expect(onChange).toHaveBeenLastCalledWith(new Date(2025, 5, 16, 9, 0, 0));
    // Let the icons that load lazily settle before the test ends.
    await act(async () => undefined);
  });
});
