import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BusinessUnitInput,
  CloneDurationsInput,
  CurrencyInput,
  DiscountInput,
  DomainInput,
  PartnerCloudInput,
  ProductInput,
  RegionInput,
  TimePeriodInput,
} from '@mawingu/contracts/admin/catalogue';
import * as calls from '@mawingu/contracts/admin/catalogue-calls';
import { fetchCall } from '../../../api/contract-call.ts';
import { inConsole } from '../shell/console-door.ts';

/** Every catalogue query of a company starts with this key: a change refreshes them all. */
export const catalogueKey = (companyId: number) => ['admin', 'catalogue', companyId] as const;

function useCatalogueQuery<T>(companyId: number, resource: string, fetch: () => Promise<T>, enabled = true) {
  return useQuery({ queryKey: [...catalogueKey(companyId), resource], queryFn: fetch, enabled });
}

const inCompany = (companyId: number) => ({ params: { companyId } });
const onRow = (companyId: number, id: number) => ({ params: { companyId, id } });

export const useProducts = (companyId: number) =>
  useCatalogueQuery(companyId, 'products', () => fetchCall(calls.productsCall, inCompany(companyId), inConsole));
export const useProduct = (companyId: number, productId: number | null) =>
  useCatalogueQuery(
    companyId,
    `products/${productId}`,
    () => fetchCall(calls.productCall, onRow(companyId, productId ?? 0), inConsole),
    productId !== null,
  );
export const useRegions = (companyId: number) =>
  useCatalogueQuery(companyId, 'regions', () => fetchCall(calls.regionsCall, inCompany(companyId), inConsole));
export const useTimePeriods = (companyId: number) =>
  useCatalogueQuery(companyId, 'time-periods', () => fetchCall(calls.timePeriodsCall, inCompany(companyId), inConsole));
export const useCloneDurations = (companyId: number) =>
  useCatalogueQuery(companyId, 'clone-durations', () => fetchCall(calls.cloneDurationsCall, inCompany(companyId), inConsole));
export const useDiscounts = (companyId: number) =>
  useCatalogueQuery(companyId, 'discounts', () => fetchCall(calls.discountsCall, inCompany(companyId), inConsole));
export const useCurrency = (companyId: number) =>
  useCatalogueQuery(companyId, 'currency', () => fetchCall(calls.currencyCall, inCompany(companyId), inConsole));
export const useBusinessUnits = (companyId: number) =>
  useCatalogueQuery(companyId, 'business-units', () => fetchCall(calls.businessUnitsCall, inCompany(companyId), inConsole));
export const usePartnerClouds = (companyId: number) =>
  useCatalogueQuery(companyId, 'partner-clouds', () => fetchCall(calls.partnerCloudsCall, inCompany(companyId), inConsole));
export const useDomains = (companyId: number) =>
  useCatalogueQuery(companyId, 'domains', () => fetchCall(calls.domainsCall, inCompany(companyId), inConsole));

/** A catalogue change; afterwards every catalogue query of the company is read again (counts, names, prices). */
function useCatalogueChange<I, T>(companyId: number, send: (input: I) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKey(companyId) }),
  });
}

export type SaveInput<B> = { id: number | null; body: B };

/** Save = create without an id, update with one. */
const save =
  <B, T>(create: (body: B) => Promise<T>, update: (id: number, body: B) => Promise<T>) =>
  ({ id, body }: SaveInput<B>) =>
    id === null ? create(body) : update(id, body);

export const useSaveProduct = (companyId: number) =>
  useCatalogueChange(
    companyId,
    save(
      (body: ProductInput) => fetchCall(calls.createProductCall, { ...inCompany(companyId), body }, inConsole),
      (id, body) => fetchCall(calls.updateProductCall, { ...onRow(companyId, id), body }, inConsole),
    ),
  );
export const useSetProductActive = (companyId: number) =>
  useCatalogueChange(companyId, ({ id, active }: { id: number; active: boolean }) =>
    fetchCall(calls.setProductStatusCall, { ...onRow(companyId, id), body: { active } }, inConsole),
  );
export const useDeleteProduct = (companyId: number) =>
  useCatalogueChange(companyId, (id: number) => fetchCall(calls.deleteProductCall, onRow(companyId, id), inConsole));

export const useSaveRegion = (companyId: number) =>
  useCatalogueChange(
    companyId,
    save(
      (body: RegionInput) => fetchCall(calls.createRegionCall, { ...inCompany(companyId), body }, inConsole),
      (id, body) => fetchCall(calls.updateRegionCall, { ...onRow(companyId, id), body }, inConsole),
    ),
  );
export const useDeleteRegion = (companyId: number) =>
  useCatalogueChange(companyId, (id: number) => fetchCall(calls.deleteRegionCall, onRow(companyId, id), inConsole));

export const useSaveTimePeriod = (companyId: number) =>
  useCatalogueChange(
    companyId,
    save(
      (body: TimePeriodInput) => fetchCall(calls.createTimePeriodCall, { ...inCompany(companyId), body }, inConsole),
      (id, body) => fetchCall(calls.updateTimePeriodCall, { ...onRow(companyId, id), body }, inConsole),
    ),
  );
export const useDeleteTimePeriod = (companyId: number) =>
  useCatalogueChange(companyId, (id: number) => fetchCall(calls.deleteTimePeriodCall, onRow(companyId, id), inConsole));

export const useSaveCloneDurations = (companyId: number) =>
  useCatalogueChange(companyId, (body: CloneDurationsInput) =>
    fetchCall(calls.saveCloneDurationsCall, { ...inCompany(companyId), body }, inConsole),
  );

export const useSaveDiscount = (companyId: number) =>
  useCatalogueChange(companyId, (body: DiscountInput) => fetchCall(calls.saveDiscountCall, { ...inCompany(companyId), body }, inConsole));
export const useDeleteDiscount = (companyId: number) =>
  useCatalogueChange(companyId, (id: number) => fetchCall(calls.deleteDiscountCall, onRow(companyId, id), inConsole));

export const useSaveCurrency = (companyId: number) =>
  useCatalogueChange(companyId, (body: CurrencyInput) => fetchCall(calls.saveCurrencyCall, { ...inCompany(companyId), body }, inConsole));

export const useSaveBusinessUnit = (companyId: number) =>
  useCatalogueChange(
    companyId,
    save(
      (body: BusinessUnitInput) => fetchCall(calls.createBusinessUnitCall, { ...inCompany(companyId), body }, inConsole),
      (id, body) => fetchCall(calls.updateBusinessUnitCall, { ...onRow(companyId, id), body }, inConsole),
    ),
  );
export const useDeleteBusinessUnit = (companyId: number) =>
  useCatalogueChange(companyId, (id: number) => fetchCall(calls.deleteBusinessUnitCall, onRow(companyId, id), inConsole));

export const useSavePartnerCloud = (companyId: number) =>
  useCatalogueChange(
    companyId,
    save(
      (body: PartnerCloudInput) => fetchCall(calls.createPartnerCloudCall, { ...inCompany(companyId), body }, inConsole),
      (id, body) => fetchCall(calls.updatePartnerCloudCall, { ...onRow(companyId, id), body }, inConsole),
    ),
  );
export const useDeletePartnerCloud = (companyId: number) =>
  useCatalogueChange(companyId, (id: number) => fetchCall(calls.deletePartnerCloudCall, onRow(companyId, id), inConsole));

export const useAddDomain = (companyId: number) =>
  useCatalogueChange(companyId, (body: DomainInput) => fetchCall(calls.addDomainCall, { ...inCompany(companyId), body }, inConsole));
export const useDeleteDomain = (companyId: number) =>
  useCatalogueChange(companyId, (id: number) => fetchCall(calls.deleteDomainCall, onRow(companyId, id), inConsole));

/** Uploads an image (checked by its bytes on the server) and gives the path to store. */
export function useUploadImage(companyId: number) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return fetchCall(calls.uploadImageCall, { params: { companyId }, body: form }, inConsole);
    },
  });
}
