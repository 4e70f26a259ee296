import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { ListPagination } from './list-pagination.tsx';

describe('console list pagination', () => {
  // Nothing here calls the API; the providers' own start-up calls get the stub's answers.
  beforeEach(() => {
    stubApi({});
  });

  it("counts in the area's words, names the page, and the picker moves on", async () => {
    const onPage = vi.fn();
    renderElement(<ListPagination area="adminPayments" total={45} page={2} pageSize={20} onPage={onPage} />);
    expect((await screen.findByText(/45 orders/)).textContent).toBe('45 orders · page 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('shows only the count on one page, and no page number where the texts have none', async () => {
    const view = renderElement(<ListPagination area="adminCustomers" total={3} page={1} pageSize={20} onPage={vi.fn()} />);
    expect((await screen.findByText(/3 results/)).textContent).toBe('3 results');
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    view.unmount();
    renderElement(<ListPagination area="adminTickets" total={45} page={1} pageSize={20} onPage={vi.fn()} withPageNumber={false} />);
    expect((await screen.findByText(/45 tickets/)).textContent).toBe('45 tickets');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();
  });
});
