import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { ApiError } from '../../../api/api-error.ts';
import { QueryState, type QueryStateArea } from './query-state.tsx';

const failed = (error: unknown) => ({ isPending: false, isError: true, error, data: undefined, refetch: vi.fn(async () => undefined) });

function show(area: QueryStateArea, query: Parameters<typeof QueryState<string>>[0]['query']) {
  return renderElement(
    <QueryState area={area} query={query}>
      {(data) => <p>{data}</p>}
    </QueryState>,
  );
}

describe('console query states', () => {
  // Nothing here calls the API; the providers' own start-up calls get the stub's answers.
  beforeEach(() => {
    stubApi({});
  });

  it('shows the rows while loading and the data once there', async () => {
    const view = show('adminCustomers', { isPending: true, isError: false, error: null, data: undefined, refetch: vi.fn() });
    expect((await screen.findByLabelText('Loading…')).getAttribute('aria-busy')).toBe('true');
    view.unmount();
    show('adminCustomers', { isPending: false, isError: false, error: null, data: 'Amina', refetch: vi.fn() });
    expect((await screen.findByText('Amina')).isConnected).toBe(true);
  });

  it("shows the API's message in the area's words, and Try again asks once more", async () => {
    const query = failed(new ApiError(500, 'The database is down'));
    show('adminTickets', query);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load this page');
    expect(alert.textContent).toContain('The database is down');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('names a refused role in the areas that have the text, and offers no retry for it', async () => {
    const view = show('adminPayments', failed(new ApiError(403, 'Forbidden')));
    expect((await screen.findByRole('alert')).textContent).toContain('Your role does not allow this page.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    view.unmount();
    show('adminContent', failed(new ApiError(403, 'Forbidden')));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load this part');
    expect(alert.textContent).toContain('Forbidden');
  });

  it("announces the catalogue's loading as a status and shows its refusals in the operator's words", async () => {
    const view = show('adminCatalogue', { isPending: true, isError: false, error: null, data: undefined, refetch: vi.fn() });
    expect((await screen.findByRole('status')).getAttribute('aria-busy')).toBe('true');
    view.unmount();
    renderElement(
      <QueryState area="adminCatalogue" query={failed(new ApiError(409, 'Region in use'))} describe={(m) => `«${m}»`}>
        {(data) => <p>{data}</p>}
      </QueryState>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This could not be loaded.');
    expect(alert.textContent).toContain('«Region in use»');
  });

  it('offers no retry for a bad payments request, but does elsewhere', async () => {
    const view = show('adminPayments', failed(new ApiError(400, 'Bad filter')));
    expect((await screen.findByRole('alert')).textContent).toContain('Bad filter');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    view.unmount();
    show('adminCustomers', failed(new ApiError(400, 'Bad filter')));
    expect((await screen.findByRole('button', { name: 'Try again' })).isConnected).toBe(true);
  });
});
