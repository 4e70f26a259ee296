import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes.ts';

describe('audit changes as readable lines', () => {
  it('lists changed fields first, then the unchanged, with JSON for nested values', () => {
    expect(auditChanges({ name: 'A', role: 'support', tags: [1] }, { name: 'A', role: 'admin', tags: [1, 2] })).toEqual([
      { field: 'role', before: 'support', after: 'admin', changed: true },
      { field: 'tags', before: '[1]', after: '[1,2]', changed: true },
      { field: 'name', before: 'A', after: 'A', changed: false },
    ]);
  });

  it('shows a creation (no before) and a removal (no after)', () => {
    expect(auditChanges(null, { price: 10 })).toEqual([{ field: 'price', before: null, after: '10', changed: true }]);
    expect(auditChanges({ price: 10 }, null)).toEqual([{ field: 'price', before: '10', after: null, changed: true }]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('keeps non-records whole', () => {
    expect(auditChanges(5, 'six')).toEqual([{ field: '', before: '5', after: 'six', changed: true }]);
  });
});
