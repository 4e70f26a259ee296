import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueMessages } from '@mawingu/contracts/admin/catalogue';
import { fill } from '@mawingu/contracts/messages';
import i18n, { setLanguage } from '../../../i18n/i18n.ts';
import { useCatalogueText } from './catalogue-ui.tsx';

describe('console catalogue texts', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('shows a refusal with values filled in in Korean, and an unknown text as it came', async () => {
    await setLanguage('ko');
    await i18n.loadNamespaces('adminCatalogue');
    const { result } = renderHook(() => useCatalogueText());
    const refused = fill(catalogueMessages.regionCurrencyGateway, { gateway: 'PayFast', currency: 'KES' });
    await waitFor(() =>
      expect(result.current(refused)).toBe(
        '이 지역은 KES를 받지 않는 PayFast를 제공합니다. 먼저 결제 설정에서 이 지역의 결제 수단을 변경하세요.',
      ),
    );
    expect(result.current('Something else')).toBe('Something else');
  });
});
