import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BusinessUnit,
  BusinessUnitInput,
  CloneDurations,
  CloneDurationsInput,
  CurrencyInput,
  CurrencySettings,
  Discount,
  DiscountInput,
  DomainInput,
  DomainList,
  PartnerCloud,
  PartnerCloudInput,
  Product,
  ProductInput,
  ProductSummary,
  Region,
  RegionInput,
  TimePeriod,
  TimePeriodInput,
  UploadedImage,
} from '@mawingu/contracts/admin/catalogue';
import { adminApi, adminUpload } from '../shell/admin-api.ts';

/** Every catalogue query of a company starts with this key: a change refreshes them all. */
export const catalogueKey = (companyId: number) => ['admin', 'catalogue', companyId] as const;
const base = (companyId: number) => `/companies/${companyId}/catalogue`;

function useCatalogueQuery<T>(companyId: number, resource: string, enabled = true) {
  return useQuery({
    queryKey: [...catalogueKey(companyId), resource],
    queryFn: () => adminApi<T>('GET', `${base(companyId)}/${resource}`),
    enabled,
  });
}

export const useProducts = (companyId: number) => useCatalogueQuery<ProductSummary[]>(companyId, 'products');
export const useProduct = (companyId: number, productId: number | null) =>
  useCatalogueQuery<Product>(companyId, `products/${productId}`, productId !== null);
export const useRegions = (companyId: number) => useCatalogueQuery<Region[]>(companyId, 'regions');
export const useTimePeriods = (companyId: number) => useCatalogueQuery<TimePeriod[]>(companyId, 'time-periods');
export const useCloneDurations = (companyId: number) => useCatalogueQuery<CloneDurations>(companyId, 'clone-durations');
export const useDiscounts = (companyId: number) => useCatalogueQuery<Discount[]>(companyId, 'discounts');
export const useCurrency = (companyId: number) => useCatalogueQuery<CurrencySettings>(companyId, 'currency');
export const useBusinessUnits = (companyId: number) => useCatalogueQuery<BusinessUnit[]>(companyId, 'business-units');
export const usePartnerClouds = (companyId: number) => useCatalogueQuery<PartnerCloud[]>(companyId, 'partner-clouds');
export const useDomains = (companyId: number) => useCatalogueQuery<DomainList>(companyId, 'domains');

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A catalogue change; afterwards every catalogue query of the company is read again (counts, names, prices). */
function useCatalogueChange<I, T>(companyId: number, request: (input: I) => { method: Method; path: string; body?: unknown }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => {
      const { method, path, body } = request(input);
      return adminApi<T>(method, `${base(companyId)}/${path}`, body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKey(companyId) }),
  });
}

/** Save = POST without an id, PUT with one. */
const save = (resource: string) => (input: { id: number | null; body: unknown }) =>
  input.id === null
    ? { method: 'POST' as const, path: resource, body: input.body }
    : { method: 'PUT' as const, path: `${resource}/${input.id}`, body: input.body };
const remove = (resource: string) => (id: number) => ({ method: 'DELETE' as const, path: `${resource}/${id}` });

export type SaveInput<B> = { id: number | null; body: B };

export const useSaveProduct = (companyId: number) => useCatalogueChange<SaveInput<ProductInput>, Product>(companyId, save('products'));
export const useSetProductActive = (companyId: number) =>
  useCatalogueChange<{ id: number; active: boolean }, Product>(companyId, ({ id, active }) => ({
    method: 'PATCH',
    path: `products/${id}/status`,
    body: { active },
  }));
export const useDeleteProduct = (companyId: number) => useCatalogueChange<number, null>(companyId, remove('products'));

export const useSaveRegion = (companyId: number) => useCatalogueChange<SaveInput<RegionInput>, Region>(companyId, save('regions'));
export const useDeleteRegion = (companyId: number) => useCatalogueChange<number, null>(companyId, remove('regions'));

export const useSaveTimePeriod = (companyId: number) =>
  useCatalogueChange<SaveInput<TimePeriodInput>, TimePeriod>(companyId, save('time-periods'));
export const useDeleteTimePeriod = (companyId: number) => useCatalogueChange<number, null>(companyId, remove('time-periods'));

export const useSaveCloneDurations = (companyId: number) =>
  useCatalogueChange<CloneDurationsInput, CloneDurations>(companyId, (body) => ({ method: 'PUT', path: 'clone-durations', body }));

export const useSaveDiscount = (companyId: number) =>
  useCatalogueChange<DiscountInput, Discount>(companyId, (body) => ({ method: 'PUT', path: 'discounts', body }));
export const useDeleteDiscount = (companyId: number) => useCatalogueChange<number, null>(companyId, remove('discounts'));

export const useSaveCurrency = (companyId: number) =>
  useCatalogueChange<CurrencyInput, CurrencySettings>(companyId, (body) => ({ method: 'PUT', path: 'currency', body }));

export const useSaveBusinessUnit = (companyId: number) =>
  useCatalogueChange<SaveInput<BusinessUnitInput>, BusinessUnit>(companyId, save('business-units'));
export const useDeleteBusinessUnit = (companyId: number) => useCatalogueChange<number, null>(companyId, remove('business-units'));

export const useSavePartnerCloud = (companyId: number) =>
  useCatalogueChange<SaveInput<PartnerCloudInput>, PartnerCloud>(companyId, save('partner-clouds'));
export const useDeletePartnerCloud = (companyId: number) => useCatalogueChange<number, null>(companyId, remove('partner-clouds'));

export const useAddDomain = (companyId: number) =>
  useCatalogueChange<DomainInput, { id: number; domain: string }>(companyId, (body) => ({ method: 'POST', path: 'domains', body }));
export const useDeleteDomain = (companyId: number) => useCatalogueChange<number, null>(companyId, remove('domains'));

/** Uploads an image (checked by its bytes on the server) and gives the path to store. */
export function useUploadImage(companyId: number) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return adminUpload<UploadedImage>('POST', `${base(companyId)}/images`, form);
    },
  });
}
