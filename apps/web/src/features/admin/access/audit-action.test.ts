import { describe, expect, it } from 'vitest';
import en from '../../../i18n/admin/en.json';
import { actionInWords, actionKey } from './audit-action.ts';

describe('audit actions in words', () => {
  it('names the console’s actions, and puts an action without a label into words', () => {
    const labels = en.access.audit.actions as Record<string, string>;
    expect(labels[actionKey('catalogue.time_period.create')]).toBe('Time period added');
    expect(labels[actionKey('operator.password.change')]).toBe('Own password changed');
    expect(actionInWords('customer.vm_suspend')).toBe('Customer vm suspend');
  });
});
